/**
 * The model facts of the mapping workbook, derived from a snapshot in one streaming pass: every content, element and
 * media type with its properties (compositions resolved, as the type pages list them), their values' fill rates and
 * samples, block elements per host property, and property editors. Full items are read one at a time.
 */
import path from 'node:path';
import type { ModelFacts, PropertyFact, TypeFact } from '#core/mapping-format.ts';
import {
  ITEM_KINDS,
  getContentTypes,
  getManifest,
  iterateIndex,
  iterateNdjson,
  itemRecordSchema,
  type ContentTypeRecord,
  type ItemRecord,
} from '#core/snapshot-format.ts';
import { createTypeIndex, type PropertyInfo, type TypeIndex } from '../content-types/type-index.ts';
import { listTypeRelations } from '../site-data/derive/type-relations.ts';
import { listCultures, listPropertyEntries } from '../values/item-properties.ts';
import { createBlockTally, type BlockTally } from './block-tally.ts';
import { listEditorFacts } from './editor-facts.ts';
import { createPropertyTally, type PropertyTally } from './property-tally.ts';

interface Pass {
  content: TypeIndex;
  media: TypeIndex;
  tallies: Map<string, PropertyTally>;
  blocks: BlockTally;
  items: Map<string, number>;
}

const rowKeyOf = (type: ContentTypeRecord, p: PropertyInfo): string => `${type.key}/${p.key ?? `alias:${p.alias}`}`;

function tallyOf(tallies: Map<string, PropertyTally>, type: ContentTypeRecord, alias: string): PropertyTally {
  const id = `${type.key}\u0000${alias}`;
  let tally = tallies.get(id);
  if (tally === undefined) tallies.set(id, (tally = createPropertyTally()));
  return tally;
}

function analyseItem(record: ItemRecord, pass: Pass): void {
  const index = record.kind === 'media' ? pass.media : pass.content;
  const type = index.findByAlias(record.type);
  if (type === undefined) return;
  const values = new Map(listPropertyEntries(record.properties).map((p) => [p.alias, p.value]));
  const cultures = listCultures(record.cultures).map((c) => ({
    iso: c.iso,
    values: new Map(c.properties.map((p) => [p.alias, p.value])),
  }));
  for (const p of index.listProperties(type)) {
    const perCulture = p.variesByCulture && cultures.length > 0;
    const set: Array<[string | null, unknown]> = perCulture
      ? cultures.map((c) => [c.iso, c.values.has(p.alias) ? c.values.get(p.alias) : values.get(p.alias)])
      : [[null, values.get(p.alias)]];
    tallyOf(pass.tallies, type, p.alias).addItem(set);
    for (const [, value] of set) pass.blocks.addValue(record.key, type, p.alias, value);
  }
}

async function streamItems(snapshotDir: string, pass: Pass): Promise<void> {
  for (const kind of ITEM_KINDS) {
    const chunks = new Set<string>();
    for await (const entry of iterateIndex(snapshotDir, kind)) {
      if (entry.chunk !== null) chunks.add(entry.chunk);
      const id = `${kind}:${entry.type.toLowerCase()}`;
      pass.items.set(id, (pass.items.get(id) ?? 0) + 1);
    }
    const done = new Set<string>();
    for (const chunk of [...chunks].sort()) {
      for await (const record of iterateNdjson(path.join(snapshotDir, chunk), itemRecordSchema)) {
        if (record.kind !== kind || done.has(record.key)) continue;
        done.add(record.key);
        analyseItem(record, pass);
      }
    }
  }
}

function listTypeFacts(pass: Pass, blockUses: Map<string, number>): TypeFact[] {
  const all = [...pass.content.list, ...pass.media.list];
  const relations = listTypeRelations(all, () => ({ items: 0, blockUses: 0 }));
  const mediaKeys = new Set(pass.media.list.map((t) => t.key));
  return all.map((type) => {
    const related = relations.get(type.key);
    const composedInto = related?.composedInto ?? [];
    const media = mediaKeys.has(type.key);
    const kind = media ? 'media' : composedInto.length > 0 ? 'composition' : type.element ? 'element' : 'document';
    return {
      key: type.key,
      alias: type.alias,
      name: type.name,
      kind,
      items: pass.items.get(`${media ? 'media' : 'content'}:${type.alias.toLowerCase()}`) ?? 0,
      blockUses: blockUses.get(type.key) ?? 0,
      composedInto,
      parentOf: related?.parentOf ?? [],
    };
  });
}

function listPropertyFacts(pass: Pass): PropertyFact[] {
  const types = [
    ...pass.content.list.map((t) => [t, pass.content] as const),
    ...pass.media.list.map((t) => [t, pass.media] as const),
  ];
  return types.flatMap(([type, index]) =>
    index.listProperties(type).map((p) => {
      const tally = tallyOf(pass.tallies, type, p.alias);
      return {
        rowKey: rowKeyOf(type, p),
        typeKey: type.key,
        typeAlias: type.alias,
        key: p.key ?? null,
        alias: p.alias,
        name: p.name,
        group: p.group,
        inheritedFrom: p.inheritedFrom ?? null,
        editorAlias: p.editorAlias,
        dataType: p.dataTypeName ?? (p.dataTypeId === undefined ? '' : String(p.dataTypeId)),
        mandatory: p.mandatory,
        variesByCulture: p.variesByCulture,
        fill: tally.fill,
        holding: tally.holding,
        distinct: tally.distinct(),
        longest: tally.longest,
        samples: tally.samples,
      };
    }),
  );
}

export async function deriveModelFacts(snapshotDir: string): Promise<ModelFacts> {
  const manifest = await getManifest(snapshotDir);
  const file = await getContentTypes(snapshotDir);
  const content = createTypeIndex(file.contentTypes);
  const media = createTypeIndex(file.mediaTypes ?? []);
  const blockUses = new Map<string, number>();
  const tallies = new Map<string, PropertyTally>();
  const blocks = createBlockTally(content, (type, element) => {
    blockUses.set(type.key, (blockUses.get(type.key) ?? 0) + 1);
    const values = new Map(element.values.map((v) => [v.alias, v.value]));
    for (const p of content.listProperties(type))
      tallyOf(tallies, type, p.alias).addItem([[null, values.get(p.alias)]]);
  });
  const pass: Pass = { content, media, tallies, items: new Map(), blocks };
  await streamItems(snapshotDir, pass);
  const properties = listPropertyFacts(pass);
  const { url, kind, database } = manifest.source;
  return {
    source: { url, kind, ...(database === undefined ? {} : { database }), finishedAt: manifest.finishedAt },
    counts: {
      content: manifest.counts.content,
      media: manifest.counts.media,
      types: content.list.length + media.list.length,
    },
    types: listTypeFacts(pass, blockUses),
    properties,
    blocks: pass.blocks.list(),
    editors: listEditorFacts(properties),
  };
}
