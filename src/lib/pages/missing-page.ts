/** The list behind a fill rate: items of a type whose property is empty (site data `missing-values.ndjson`). */
import { pathSegment } from '#core/path-segment.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';
import { missingEntrySchema, SITE_DATA_FILES, type MissingEntry } from '../site-data/site-data-format.ts';
import { readSiteTable } from '../tables/site-table.ts';
import { href, inventoryHref, itemHref, typeHref } from '../site-paths.ts';

let entries: Promise<MissingEntry[]> | undefined;

async function readEntries(): Promise<MissingEntry[]> {
  const data = await loadSiteData();
  return readSiteTable(data, SITE_DATA_FILES.missing, missingEntrySchema);
}

export async function listMissingPaths(): Promise<Array<{ params: { type: string; property: string } }>> {
  entries ??= readEntries();
  return (await entries).map((e) => ({ params: { type: pathSegment(e.type), property: pathSegment(e.property) } }));
}

/** The page at `inventories/missing/<type segment>/<property segment>/` (see scripts/core/path-segment.ts). */
export async function getMissingPage(typeSegment: string, propertySegment: string) {
  entries ??= readEntries();
  const data = await loadSiteData();
  const entry = (await entries).find(
    (e) => pathSegment(e.type) === typeSegment && pathSegment(e.property) === propertySegment,
  );
  if (entry === undefined) throw new Error(`no missing-value list at ${typeSegment}/${propertySegment}`);
  const typeAlias = entry.type;
  const property = entry.property;
  const type = data.types.findByAlias(typeAlias);
  const params = new URLSearchParams({ type: typeAlias });
  return {
    typeAlias,
    typeName: type?.name ?? typeAlias,
    property,
    count: entry.count,
    typeHref: type ? typeHref(type.key) : undefined,
    inventoryHref: inventoryHref('fill-rates'),
    filterHref: `${href('inventories/items/')}?${params}`,
    items: entry.items.flatMap(([key, languages]) => {
      const node = data.lookup.findNode(key);
      return node ? [{ name: node.name, href: itemHref(node.kind, node.key), languages: languages ?? [] }] : [];
    }),
  };
}
