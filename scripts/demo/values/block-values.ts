import { GRID_AREAS, gridAreaKey } from '../model/custom-data-types.ts';
import type { Random } from './random.ts';
import type { ResolvedContentType, ResolvedProperty } from '../model/site-model.ts';

/**
 * Block editor values in the v15+ shape, as Umbraco 16/17 write them: `contentData` items with
 * `contentTypeKey`, `key` and `values: [{editorAlias, culture, segment, alias, value}]` (values of JSON
 * editors are themselves JSON strings), `settingsData`, `expose`, and the layout under the capitalised
 * "Layout" key the 16.3 and 17.0 databases hold (an 18.1 database has "layout"; readers accept both).
 */
export type RawValue = string | number;
export type ElementValue = (property: ResolvedProperty) => RawValue | null;

export interface BlockContext {
  random: Random;
  element(alias: string): ResolvedContentType;
  valueOf: ElementValue;
}

interface BlockItem {
  contentTypeKey: string;
  udi: null;
  key: string;
  values: object[];
}
interface LayoutItem {
  contentUdi: null;
  settingsUdi: null;
  contentKey: string;
  settingsKey: string | null;
}

export interface BlockCollector {
  contentData: BlockItem[];
  settingsData: BlockItem[];
  expose: object[];
  add(alias: string, withSettings: boolean): LayoutItem;
}

export function createCollector(context: BlockContext): BlockCollector {
  const collector: BlockCollector = {
    contentData: [],
    settingsData: [],
    expose: [],
    add(alias, withSettings) {
      const content = blockItem(context, alias);
      collector.contentData.push(content);
      collector.expose.push({ contentKey: content.key, culture: null, segment: null });
      const settings = withSettings ? blockItem(context, 'blockSettings') : null;
      if (settings) collector.settingsData.push(settings);
      return { contentUdi: null, settingsUdi: null, contentKey: content.key, settingsKey: settings?.key ?? null };
    },
  };
  return collector;
}

export function blockValue(collector: BlockCollector, editorAlias: string, layout: object[]): object {
  const { contentData, settingsData, expose } = collector;
  return { contentData, settingsData, expose, Layout: { [editorAlias]: layout } };
}

export function blockListValue(context: BlockContext): object {
  const collector = createCollector(context);
  const aliases = ['textBlock', 'imageBlock', 'quoteBlock', 'linksBlock'];
  const layout = Array.from({ length: context.random.int(1, 3) }, () =>
    collector.add(context.random.pick(aliases), context.random.chance(0.3)),
  );
  return blockValue(collector, 'Umbraco.BlockList', layout);
}

/** Rows of full-width blocks and two-column blocks whose areas hold nested blocks. */
export function blockGridValue(context: BlockContext): object {
  const { random } = context;
  const collector = createCollector(context);
  const leaf = (columnSpan: number): object => ({
    columnSpan,
    rowSpan: 1,
    areas: [],
    ...collector.add(random.pick(['textBlock', 'imageBlock', 'productTeaserBlock']), false),
  });
  const layout = Array.from({ length: random.int(1, 3) }, () => {
    if (!random.chance(0.5)) return leaf(12);
    const row = collector.add('columnsBlock', random.chance(0.3));
    const areas = GRID_AREAS.map((alias) => ({
      key: gridAreaKey(alias),
      items: Array.from({ length: random.int(1, 2) }, () => leaf(6)),
    }));
    return { columnSpan: 12, rowSpan: 1, areas, ...row };
  });
  return blockValue(collector, 'Umbraco.BlockGrid', layout);
}

function blockItem(context: BlockContext, alias: string): BlockItem {
  const type = context.element(alias);
  const values: object[] = [];
  for (const property of type.properties) {
    if (!context.random.chance(property.fill)) continue;
    const raw = context.valueOf(property);
    if (raw === null) continue;
    values.push({
      editorAlias: property.dataType.editorAlias,
      culture: null,
      segment: null,
      alias: property.alias,
      value: String(raw),
    });
  }
  return { contentTypeKey: type.key.toLowerCase(), udi: null, key: context.random.guid().toLowerCase(), values };
}
