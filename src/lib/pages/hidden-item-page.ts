/**
 * The pages of what is not published (drafts, unpublished items): their values, read from the snapshot's extras one
 * entry at a time (`openExtraByKey`) and rendered as an item's properties are.
 */
import { openExtraByKey, type ExtraByKey, type ExtraRecord } from '#core/snapshot-extras.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';
import { listCultures, listPropertyEntries } from '../values/item-properties.ts';
import { renderProperties } from './item-html.ts';
import { getValueContext } from './page-context.ts';
import { buildPropertyRows } from './property-rows.ts';

type HiddenName = 'drafts' | 'unpublished';
const cache = new Map<HiddenName, Promise<ExtraByKey<HiddenName>>>();

/** The snapshot's drafts or unpublished items, by key. */
export function loadHiddenItems(name: HiddenName): Promise<ExtraByKey<HiddenName>> {
  let found = cache.get(name);
  if (found === undefined) {
    found = loadSiteData().then((data) => openExtraByKey(data.env.snapshotDir, data.manifest, name));
    cache.set(name, found);
  }
  return found;
}

/** The record's property values as an item page shows them (shared, then per language). */
export async function renderHiddenProperties(record: ExtraRecord<HiddenName>): Promise<string> {
  const data = await loadSiteData();
  const type = data.types.findByAlias(record.type);
  const rows = buildPropertyRows(
    listPropertyEntries(record.properties),
    listCultures(record.cultures),
    type ? data.types.listProperties(type) : [],
    getValueContext(data),
  );
  return renderProperties(rows).value;
}
