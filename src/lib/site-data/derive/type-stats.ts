/**
 * Usage per content/media/element type: item count, sample items, uses as a block element, and fill rate per property
 * (a property is filled when its value is not empty), per language for items that have cultures.
 */
import type { TypeIndex } from '../../content-types/type-index.ts';
import { TYPE_SAMPLE_LIMIT, type SiteNode, type TypeUsage } from '../site-data-format.ts';
import type { BlockElement } from '#core/block-value.ts';
import type { CultureEntry, PropertyEntry } from '../../values/item-properties.ts';
import { isEmptyValue } from '../../values/value-text.ts';
import { createMissingValues, type MissingValues } from './missing-values.ts';
import { kindOfType } from '../../content-types/type-kind.ts';

export interface TypeStats {
  addItem(node: SiteNode, properties: PropertyEntry[], cultures: CultureEntry[]): void;
  /** Counts an item whose full record is missing (it still has a type). */
  addFailedItem(node: SiteNode): void;
  addBlockUse(element: BlockElement): void;
  list(): TypeUsage[];
  listMissing(): MissingValues;
}

const NO_RELATIONS = () => ({
  composedInto: [],
  parentOf: [],
  allowedUnder: [],
  itemsThroughCompositions: 0,
  unused: false,
  blockHolderItems: 0,
  blockHolders: [],
  blockFill: {},
});
const idOf = (kind: string, alias: string): string => `${kind}:${alias.toLowerCase()}`;

export function createTypeStats(types: TypeIndex): TypeStats {
  const usage = new Map<string, TypeUsage>();
  const missing = createMissingValues();
  for (const type of types.list) {
    const kind = kindOfType(type);
    const fill = Object.fromEntries(types.listProperties(type).map((p) => [p.alias, { filled: 0, total: 0 }]));
    usage.set(idOf('content', type.alias), {
      kind,
      key: type.key,
      alias: type.alias,
      name: type.name,
      defined: true,
      itemCount: 0,
      sample: [],
      blockUses: 0,
      fill,
      ...NO_RELATIONS(),
    });
  }

  function usageOf(node: SiteNode): TypeUsage {
    const id = idOf(node.kind, node.type);
    let found = usage.get(id);
    if (found === undefined) {
      found = {
        kind: node.kind,
        alias: node.type,
        name: node.type,
        defined: false,
        itemCount: 0,
        sample: [],
        blockUses: 0,
        fill: {},
        ...NO_RELATIONS(),
      };
      usage.set(id, found);
    }
    return found;
  }

  function count(u: TypeUsage, node: SiteNode): void {
    u.itemCount += 1;
    if (u.sample.length < TYPE_SAMPLE_LIMIT) u.sample.push(node.key);
  }

  return {
    addFailedItem: (node) => count(usageOf(node), node),
    addItem(node, properties, cultures) {
      const u = usageOf(node);
      count(u, node);
      const values = new Map(properties.map((p) => [p.alias, p.value]));
      const cultureValues = cultures.map((c) => ({
        iso: c.iso,
        values: new Map(c.properties.map((p) => [p.alias, p.value])),
      }));
      for (const p of properties) u.fill[p.alias] ??= { filled: 0, total: 0 };
      for (const [alias, fill] of Object.entries(u.fill)) {
        fill.total += 1;
        const invariantEmpty = isEmptyValue(values.get(alias));
        if (!invariantEmpty) fill.filled += 1;
        const lacking: string[] = [];
        for (const culture of cultureValues) {
          const cell = ((fill.cultures ??= {})[culture.iso] ??= [0, 0]);
          cell[1] += 1;
          if (!isEmptyValue(culture.values.has(alias) ? culture.values.get(alias) : values.get(alias))) cell[0] += 1;
          else lacking.push(culture.iso);
        }
        if (invariantEmpty || lacking.length > 0) missing.add(u.alias, alias, node.key, lacking);
      }
    },
    addBlockUse({ contentTypeKey: typeKey, contentTypeAlias: typeAlias }) {
      const type = typeKey ? types.findByKey(typeKey) : typeAlias ? types.findByAlias(typeAlias) : undefined;
      const u = type ? usage.get(idOf('content', type.alias)) : undefined;
      if (u) u.blockUses += 1;
    },
    listMissing: () => missing.list(),
    list: () =>
      [...usage.values()].sort(
        (a, b) => b.itemCount - a.itemCount || b.blockUses - a.blockUses || a.alias.localeCompare(b.alias),
      ),
  };
}
