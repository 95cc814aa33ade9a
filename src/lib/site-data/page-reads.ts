/**
 * What a page read of the site data while it was rendered: the item page writer records each page's reads, so the
 * next build can tell, without rendering it, whether the page would come out the same (src/lib/pages/page-inputs.ts).
 * The lookups note their reads here (node-lookup.ts, used-by-index.ts, load-site-data.ts `readFullItem`); outside a
 * recording, noting a read costs one comparison.
 *
 * A read is a short string, its argument included: `n:<key>` a node by key, `kc:`/`km:<key>` and `ic:`/`im:<id>` a
 * content or media reference target by key or id, `u:<url>` an item by CMS URL, `a:<key>` a node's ancestors,
 * `c:<key>` its children, `r:<kind>` the roots, `b:<key>` who references an item, `f:<key>` an item's full record, and
 * `*:` every node at once (a page that reads it is rendered again by every build).
 */

let active: Set<string> | undefined;

/** Notes `<what>:<arg>`; the string is built only while a page is recorded. */
export function noteRead(what: string, arg: string | number): void {
  if (active !== undefined) active.add(`${what}:${arg}`);
}

/** Runs `work` (one page's rendering, nothing else beside it) and returns what it read, in the order first read. */
export async function recordReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: string[] }> {
  if (active !== undefined) throw new Error('recordReads: a recording is already running');
  const reads = new Set<string>();
  active = reads;
  try {
    const value = await work();
    return { value, reads: [...reads] };
  } finally {
    active = undefined;
  }
}
