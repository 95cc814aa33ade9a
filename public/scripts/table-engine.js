// The query side of the inventory tables: rows of a table file (src/lib/tables/table-model.ts) filtered by text and
// facet values, sorted by any column, counted per facet value, and written as CSV or JSON. No DOM here.

/** A decoded table: `value(c, r)` is the cell of column index `c` in row `r` (list-valued facets give arrays). */
export function decodeTable(file) {
  const { columns, count, data } = file;
  const value = (c, r) => {
    const column = data[c];
    if (Array.isArray(column)) return column[r];
    const code = column.codes[r];
    return Array.isArray(code) ? code.map((k) => column.values[k]) : column.values[code];
  };
  return { columns, count, data, value, sortKeys: new Map(), orders: new Map(), haystack: undefined };
}

/** Puts in the values of a deferred column (fetched on its own) and forgets what was derived without them. */
export function fillColumn(table, key, values) {
  const c = table.columns.findIndex((col) => col.key === key);
  if (c < 0 || values.length !== table.count) throw new Error(`column ${key} does not fit the table`);
  table.data[c] = values;
  table.sortKeys.delete(c);
  table.orders.delete(c);
  table.haystack = undefined;
}

export function cellText(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

function sortKeysOf(table, c) {
  let keys = table.sortKeys.get(c);
  if (keys) return keys;
  const numeric = table.columns[c].type === 'num';
  keys = new Array(table.count);
  for (let r = 0; r < table.count; r++) {
    const v = table.value(c, r);
    const text = cellText(v);
    keys[r] = numeric ? (text === '' ? -Infinity : Number(text)) : text.toLowerCase();
  }
  table.sortKeys.set(c, keys);
  return keys;
}

/** Row numbers in ascending order of column `c` (ties keep the file's order), computed once per column. */
function ascendingOrder(table, c) {
  let order = table.orders.get(c);
  if (order) return order;
  const keys = sortKeysOf(table, c);
  order = Array.from({ length: table.count }, (_, r) => r);
  order.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
  table.orders.set(c, order);
  return order;
}

/** The cells of every plain column in lower case, built once (facet columns are matched through their values). */
export function buildHaystack(table) {
  if (table.haystack) return table.haystack;
  table.haystack = table.columns.map((col, c) => {
    if (col.facet) return undefined;
    const lower = new Array(table.count);
    for (let r = 0; r < table.count; r++) lower[r] = cellText(table.data[c][r]).toLowerCase();
    return lower;
  });
  return table.haystack;
}

/** A row matches when any of its cells (any value of a list) holds the query, ignoring case. */
function textMatches(table, query) {
  if (!query) return undefined;
  const needle = query.toLowerCase();
  const tests = buildHaystack(table)
    .map((lower, c) => {
      if (lower) return (r) => lower[r].includes(needle);
      const { values, codes } = table.data[c];
      const hits = new Set(values.flatMap((v, k) => (cellText(v).toLowerCase().includes(needle) ? [k] : [])));
      if (hits.size === 0) return undefined;
      return (r) => (Array.isArray(codes[r]) ? codes[r].some((k) => hits.has(k)) : hits.has(codes[r]));
    })
    .filter(Boolean);
  return (r) => tests.some((test) => test(r));
}

/** For each chosen facet, a test on a row's codes (a row passes when any of its values is chosen). */
function facetTests(table, facets) {
  const tests = [];
  for (const [key, chosen] of facets) {
    const c = table.columns.findIndex((col) => col.key === key && col.facet);
    if (c < 0 || chosen.length === 0) continue;
    const column = table.data[c];
    const texts = new Set(chosen);
    const codes = new Set(column.values.flatMap((v, k) => (texts.has(cellText(v)) ? [k] : [])));
    const codeList = column.codes;
    tests.push({
      c,
      pass: (r) => {
        const k = codeList[r];
        return Array.isArray(k) ? k.some((x) => codes.has(x)) : codes.has(k);
      },
    });
  }
  return tests;
}

function countInto(counts, code) {
  if (Array.isArray(code)) for (const k of code) counts[k] += 1;
  else counts[code] += 1;
}

/**
 * The view of a query `{ sort: { key, descending }, text, facets: Map<key, string[]> }`: row numbers in order, and per
 * facet column the count of each value among rows passing every other filter (so a facet shows what picking it gives).
 */
export function runQuery(table, query) {
  const text = textMatches(table, query.text);
  const tests = facetTests(table, query.facets);
  const facetColumns = table.columns.map((col, c) => (col.facet ? c : -1)).filter((c) => c >= 0);
  const counts = new Map(facetColumns.map((c) => [c, new Array(table.data[c].values.length).fill(0)]));
  const mask = new Uint8Array(table.count);
  for (let r = 0; r < table.count; r++) {
    if (text && !text(r)) continue;
    let failed = -1;
    let failures = 0;
    for (const t of tests) if (!t.pass(r) && ++failures === 1) failed = t.c;
    if (failures > 1) continue;
    if (failures === 0) mask[r] = 1;
    for (const c of facetColumns) if (failures === 0 || c === failed) countInto(counts.get(c), table.data[c].codes[r]);
  }
  const s = query.sort ? table.columns.findIndex((col) => col.key === query.sort.key) : -1;
  let rows;
  if (s < 0) rows = [];
  else {
    const order = ascendingOrder(table, s);
    rows = [];
    if (query.sort.descending)
      for (let i = order.length - 1; i >= 0; i--) {
        if (mask[order[i]]) rows.push(order[i]);
      }
    else for (const r of order) if (mask[r]) rows.push(r);
  }
  if (s < 0) for (let r = 0; r < table.count; r++) if (mask[r]) rows.push(r);
  return { rows, counts };
}

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(v) {
  if (v === null || v === undefined) return '';
  let text = cellText(v);
  if (typeof v === 'string' || Array.isArray(v)) if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV like the site's downloads: UTF-8 BOM (Excel), CRLF, formula guard; list cells joined with "; ". */
export function toCsv(table, rows) {
  const lines = [table.columns.map((col) => csvCell(col.key)).join(',')];
  for (const r of rows)
    lines.push(
      table.columns
        .map((_, c) => {
          const v = table.value(c, r);
          return csvCell(Array.isArray(v) ? v.join('; ') : v);
        })
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function toJson(table, rows) {
  const out = rows.map((r) => Object.fromEntries(table.columns.map((col, c) => [col.key, table.value(c, r) ?? null])));
  return `${JSON.stringify(out, null, 1)}\n`;
}
