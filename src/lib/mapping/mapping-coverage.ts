/**
 * How far the mapping is: a type is mapped when its row has a target or a disposition other than `undecided`; a
 * property when its row has a target or a transform; an item when its type and every property of its type are
 * mapped. Counted over the snapshot (rows the workbook lists as removed count nowhere), per root and per type; the
 * unmapped properties are sorted by how many items (or block instances) hold a value: what to map first.
 */
import type { AnswerRow, DriftRow, MappingAnswers, ModelFacts } from '#core/mapping-format.ts';

export interface Fraction {
  mapped: number;
  total: number;
}
export interface TypeCoverage {
  key: string;
  alias: string;
  name: string;
  kind: string;
  mapped: boolean;
  target: string;
  disposition: string;
  items: Fraction;
  properties: Fraction;
}
export interface UnmappedProperty {
  typeKey: string;
  typeAlias: string;
  alias: string;
  editor: string;
  holding: number;
}
export interface MappingCoverage {
  workbook: string;
  snapshotFinishedAt: string;
  types: Fraction;
  properties: Fraction;
  items: Fraction;
  roots: Array<{ key: string; name: string; kind: string; items: Fraction }>;
  byType: TypeCoverage[];
  unmapped: UnmappedProperty[];
  drift: DriftRow[];
  warnings: string[];
}

/** The item facts coverage needs: its kind, type alias and root key. */
export interface CoverageNode {
  kind: 'content' | 'media';
  key: string;
  name: string;
  type: string;
  root: string;
}

const SHEETS = ['types', 'properties', 'blocks', 'editors'] as const;
const SHEET_NAMES = { types: 'Types', properties: 'Properties', blocks: 'Blocks', editors: 'Editors' } as const;
const isTypeMapped = (a: Record<string, string> | undefined): boolean =>
  a !== undefined && ((a.disposition ?? 'undecided') !== 'undecided' || (a.target ?? '') !== '');
const isPropertyMapped = (a: Record<string, string> | undefined): boolean =>
  a !== undefined && ((a.target ?? '') !== '' || (a.transform ?? '') !== '');
const fraction = (mapped: number, total: number): Fraction => ({ mapped, total });
const byKey = (rows: AnswerRow[]): Map<string, AnswerRow> => new Map(rows.map((r) => [r.key, r]));

function unknownKeys(facts: ModelFacts, answers: MappingAnswers): string[] {
  const known = {
    types: new Set(facts.types.map((t) => t.key)),
    properties: new Set(facts.properties.map((p) => p.rowKey)),
    blocks: new Set(facts.blocks.map((b) => b.rowKey)),
    editors: new Set(facts.editors.map((e) => e.alias)),
  };
  return SHEETS.flatMap((sheet) =>
    answers[sheet]
      .filter((r) => r.key !== '' && !r.drift.startsWith('removed') && !known[sheet].has(r.key))
      .map((r) => `${SHEET_NAMES[sheet]} row ${r.row}: key ${r.key} matches nothing in this snapshot`),
  );
}

export function computeCoverage(facts: ModelFacts, answers: MappingAnswers, nodes: CoverageNode[]): MappingCoverage {
  const types = byKey(answers.types);
  const properties = byKey(answers.properties);
  const propsOf = new Map<string, Fraction>();
  for (const p of facts.properties) {
    const f = propsOf.get(p.typeKey) ?? fraction(0, 0);
    f.total += 1;
    if (isPropertyMapped(properties.get(p.rowKey)?.answers)) f.mapped += 1;
    propsOf.set(p.typeKey, f);
  }
  const typeByAlias = new Map(
    facts.types.map((t) => [`${t.kind === 'media' ? 'media' : 'content'}:${t.alias.toLowerCase()}`, t]),
  );
  const complete = (key: string): boolean => {
    const f = propsOf.get(key);
    return isTypeMapped(types.get(key)?.answers) && (f === undefined || f.mapped === f.total);
  };
  const itemsOf = new Map<string, Fraction>();
  const roots = new Map<string, { key: string; name: string; kind: string; items: Fraction }>();
  const nodeNames = new Map(nodes.map((n) => [n.key, n]));
  let itemsMapped = 0;
  for (const node of nodes) {
    const type = typeByAlias.get(`${node.kind}:${node.type.toLowerCase()}`);
    const mapped = type !== undefined && complete(type.key);
    if (mapped) itemsMapped += 1;
    if (type !== undefined) {
      const f = itemsOf.get(type.key) ?? fraction(0, 0);
      itemsOf.set(type.key, { mapped: f.mapped + (mapped ? 1 : 0), total: f.total + 1 });
    }
    const rootNode = nodeNames.get(node.root);
    let root = roots.get(node.root);
    if (root === undefined) {
      root = { key: node.root, name: rootNode?.name ?? node.root, kind: node.kind, items: fraction(0, 0) };
      roots.set(node.root, root);
    }
    root.items.total += 1;
    if (mapped) root.items.mapped += 1;
  }
  const byType = facts.types.map((t): TypeCoverage => {
    const a = types.get(t.key)?.answers;
    return {
      key: t.key,
      alias: t.alias,
      name: t.name,
      kind: t.kind,
      mapped: isTypeMapped(a),
      target: a?.target ?? '',
      disposition: a?.disposition ?? '',
      items: itemsOf.get(t.key) ?? fraction(0, 0),
      properties: propsOf.get(t.key) ?? fraction(0, 0),
    };
  });
  const unmapped = facts.properties
    .filter((p) => !isPropertyMapped(properties.get(p.rowKey)?.answers))
    .map((p) => ({
      typeKey: p.typeKey,
      typeAlias: p.typeAlias,
      alias: p.alias,
      editor: p.editorAlias,
      holding: p.holding,
    }))
    .sort((a, b) => b.holding - a.holding || a.typeAlias.localeCompare(b.typeAlias) || a.alias.localeCompare(b.alias));
  const drift = SHEETS.flatMap((sheet) =>
    answers[sheet]
      .filter((r) => r.drift !== '')
      .map((r) => ({ sheet: SHEET_NAMES[sheet], key: r.key, alias: r.alias, drift: r.drift })),
  );
  return {
    workbook: answers.workbook,
    snapshotFinishedAt: facts.source.finishedAt,
    types: fraction(byType.filter((t) => t.mapped).length, byType.length),
    properties: fraction(facts.properties.length - unmapped.length, facts.properties.length),
    items: fraction(itemsMapped, nodes.length),
    roots: [...roots.values()],
    byType,
    unmapped,
    drift,
    warnings: [...answers.warnings, ...unknownKeys(facts, answers)],
  };
}
