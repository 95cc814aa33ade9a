// Facet counts and filtering for the search page, from each bundle's facet map (`<bundle>/facets.json`, written by
// scripts/build/search-facets.ts): page hash → combo → the page's values per filter key. Pagefind's own filter
// counting runs on every search once its filter files are loaded and takes seconds at 100k items; this takes
// milliseconds, because a bundle's 20,000 pages share a few hundred combos.

/** A bundle's map, decoded: each combo's values by key, and how many pages of the bundle carry it. */
export function decodeFacetMap(json) {
  if (!json || json.version !== 1 || !Array.isArray(json.keys) || !Array.isArray(json.combos)) return undefined;
  const combos = json.combos.map((combo) => {
    const values = Object.create(null);
    json.keys.forEach((key, k) => {
      values[key] = (combo[k] || []).map((i) => json.values[k][i]);
    });
    return values;
  });
  const pages = new Map(Object.entries(json.pages || {}));
  const totals = new Array(combos.length).fill(0);
  for (const c of pages.values()) totals[c] += 1;
  return { keys: json.keys, combos, pages, totals };
}

/**
 * One lookup over every bundle's map: page hash → values. Hashes are unique within a bundle only; a hash that two
 * bundles give different values is ambiguous, and the page's own fragment has to say (see `resolve` in search.js).
 */
export function indexFacetMaps(maps) {
  const byHash = new Map();
  const ambiguous = new Set();
  for (const map of maps) {
    if (!map) continue;
    for (const [hash, c] of map.pages) {
      const values = map.combos[c];
      const seen = byHash.get(hash);
      if (seen === undefined) byHash.set(hash, values);
      else if (JSON.stringify(seen) !== JSON.stringify(values)) ambiguous.add(hash);
    }
  }
  for (const hash of ambiguous) byHash.delete(hash);
  return { byHash, ambiguous, complete: maps.every(Boolean) };
}

/** The keys whose selected values the page lacks (a key with no selection never excludes). */
function failedKeys(values, filters) {
  const failed = [];
  for (const [key, wanted] of Object.entries(filters)) {
    if (wanted.length === 0) continue;
    const have = values[key] || [];
    if (!wanted.some((w) => have.includes(w))) failed.push(key);
  }
  return failed;
}

function addCounts(counts, values, keys, n) {
  for (const key of keys) {
    const bucket = (counts[key] ||= Object.create(null));
    for (const v of values[key] || []) bucket[v] = (bucket[v] || 0) + n;
  }
}

/**
 * Adds exactly found items to filter counts, in place: their kind, and the language a URL was found in. Buckets have no
 * prototype, as everywhere here, so a value named `constructor` or `toString` counts from zero.
 */
export function addExactCounts(counts, hits) {
  for (const hit of hits) {
    addCounts(counts, { kind: [hit.kind], language: hit.language ? [hit.language] : [] }, ['kind', 'language'], 1);
  }
  return counts;
}

/**
 * Keeps the hits that have, for every filtered key, one of its selected values (any value within a key, all keys
 * together), and counts each key's values over the hits that pass the *other* keys' filters, so a second value of a
 * key already filtered still shows how many it would add. `valuesOf(hit)` gives a hit's values; a hit without any
 * (its bundle has no map) is kept and not counted.
 */
export function filterAndCount(hits, valuesOf, filters) {
  const kept = [];
  const counts = Object.create(null);
  const perCombo = new Map();
  for (const hit of hits) {
    const values = valuesOf(hit);
    if (values === undefined) {
      kept.push(hit);
      continue;
    }
    let entry = perCombo.get(values);
    if (entry === undefined) {
      entry = { values, failed: failedKeys(values, filters), n: 0 };
      perCombo.set(values, entry);
    }
    entry.n += 1;
    if (entry.failed.length === 0) kept.push(hit);
  }
  for (const { values, failed, n } of perCombo.values()) {
    const keys = failed.length === 0 ? Object.keys(values) : failed.length === 1 ? failed : [];
    addCounts(counts, values, keys, n);
  }
  return { kept, counts };
}

/** Every value of every key with its number of pages across all bundles: the filters shown before a search. */
export function totalCounts(maps) {
  const counts = Object.create(null);
  for (const map of maps) {
    if (!map) continue;
    map.combos.forEach((values, c) => {
      if (map.totals[c] > 0) addCounts(counts, values, Object.keys(values), map.totals[c]);
    });
  }
  return counts;
}
