// Exact lookup of an item by GUID, UDI, int id or URL path, and of a type by key or alias: one small shard file
// fetched per query, no full-text index needed. Keys and shard names follow src/lib/site-data/derive/lookup-keys.ts
// (a unit test checks the two agree).

export function guidKeyOf(text) {
  const t = text
    .trim()
    .replace(/^umb:\/\/[a-z-]+\//i, '')
    .replace(/^\{(.*)\}$/, '$1');
  return /^[0-9a-f]{32}$/i.test(t.replace(/-/g, '')) && /^[0-9a-f-]+$/i.test(t)
    ? t.replace(/-/g, '').toLowerCase()
    : undefined;
}

export function idKeyOf(text) {
  const t = text.trim();
  return /^\d{1,10}$/.test(t) ? Number(t) : undefined;
}

export function urlKeyOf(text) {
  const t = text.trim();
  let pathname;
  if (/^https?:\/\//i.test(t)) {
    try {
      pathname = new URL(t).pathname;
    } catch {
      return undefined;
    }
  } else if (t.startsWith('/')) pathname = t.replace(/[?#].*$/, '');
  else return undefined;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a stray % stays as written */
  }
  const trimmed = decoded.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function aliasKeyOf(text) {
  const t = text.trim();
  return /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/.test(t) ? t.toLowerCase() : undefined;
}

export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The shard file and key a query names, or undefined when the query is none of the four forms. */
export function planLookup(layout, query) {
  const guid = guidKeyOf(query);
  if (guid !== undefined)
    return {
      how: /^\s*umb:/i.test(query) ? 'UDI' : 'GUID',
      file: `g/${guid.slice(0, layout.guidChars)}.json`,
      key: guid,
    };
  const id = idKeyOf(query);
  if (id !== undefined) return { how: 'id', file: `i/${Math.floor(id / layout.idBlock)}.json`, key: String(id) };
  const url = urlKeyOf(query);
  if (url !== undefined) return { how: 'URL', file: `u/${fnv1a(url) % layout.urlBuckets}.json`, key: url };
  const alias = aliasKeyOf(query);
  if (alias !== undefined) return { how: 'alias', file: `a/${fnv1a(alias) % 16}.json`, key: alias };
  return undefined;
}

const dashed = (h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
let layoutPromise;

/** A JSON file of the site, or `fallback` when it is missing, unreadable or not JSON. */
export async function fetchJson(url, fallback = undefined) {
  return fetch(url)
    .then((r) => (r.ok ? r.json() : fallback))
    .catch(() => fallback);
}

/** Items the query names exactly: [{url, title, how, language?}], empty when none. */
export async function findExact(base, query) {
  layoutPromise ??= fetchJson(`${base}lookup/layout.json`);
  const layout = await layoutPromise;
  const plan = layout && planLookup(layout, query);
  if (!plan) return [];
  const shard = await fetchJson(`${base}lookup/${plan.file}`);
  const found = shard && Object.hasOwn(shard, plan.key) ? shard[plan.key] : undefined;
  if (!found) return [];
  // By GUID a hit is [kind, name]; by id [kind, key, name]; by URL or alias a list of [kind, key, name, language?].
  const hits =
    plan.how === 'GUID' || plan.how === 'UDI'
      ? [[found[0], plan.key, found[1]]]
      : Array.isArray(found[0])
        ? found
        : [found];
  return hits.map(([kind, key, name, language]) => ({
    url: `${base}${kind === 'type' ? 'types' : kind}/${dashed(key)}/`,
    title: name,
    kind,
    how: plan.how,
    language,
  }));
}
