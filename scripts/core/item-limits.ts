/**
 * What one item may hold for the site to show it in full; the crawler and the site judge items by these same numbers.
 * The site's value walkers (references, search text, the property table) recurse, and a value 2,000 deep overflowed
 * the stack where 1,000 did not; an item with 200,000 properties took Astro out of memory. An item past either limit
 * is kept in the snapshot, named in a crawl warning (`item-too-large`) and a build warning, and shown by the site with
 * its facts but without its properties: it fails alone instead of failing the build. (The crawler's `--max-depth`
 * bounds whole answers, whose trees nest twice as deep as they have levels; it is a different limit.)
 */

/** JSON nesting of one item record, its properties and their values included. */
export const MAX_VALUE_DEPTH = 512;
/** Properties of one item, counted over every language. */
export const MAX_ITEM_PROPERTIES = 10_000;

const countProperties = (properties: unknown): number =>
  properties !== null && typeof properties === 'object' ? Object.keys(properties).length : 0;

/** The deepest nesting of `value`, walked without recursion, stopping once past `limit`. */
export function measureDepth(value: unknown, limit = MAX_VALUE_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop() as [unknown, number];
    if (next === null || typeof next !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(next))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Why the site cannot show this item record in full, or undefined when it can. */
export function findItemExcess(record: { properties?: unknown; cultures?: unknown }): string | undefined {
  let properties = countProperties(record.properties);
  if (record.cultures !== null && typeof record.cultures === 'object')
    for (const culture of Object.values(record.cultures))
      properties += countProperties((culture as { properties?: unknown } | null)?.properties);
  if (properties > MAX_ITEM_PROPERTIES)
    return `holds ${properties} properties, more than the ${MAX_ITEM_PROPERTIES} the site shows`;
  const depth = measureDepth(record);
  if (depth > MAX_VALUE_DEPTH) return `nests deeper than the ${MAX_VALUE_DEPTH} levels the site shows`;
  return undefined;
}
