/**
 * An estimate file (`--estimate estimate.yaml`, docs/estimate.md): minutes per item by type (a number or a named
 * complexity band), minutes per property moved by hand, and a factor per language. A file that is not YAML, has a key
 * it does not know, or a rate that is not a number 0 or more stops the build with file, line and column: an estimate
 * built on a typo is worse than none. Names the snapshot does not hold (a type, a language) are listed as warnings
 * by the estimate step, with the line and column kept here.
 */
import { shown } from '../decisions/decisions-file.ts';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';

export interface Placed<T> {
  value: T;
  line: number;
  column: number;
}

export interface EstimateSpec {
  file: string;
  /** Minutes per content item of a type not listed; 0 when the file gives none. */
  defaultMinutes: number;
  /** Minutes per item by type alias (content or media), bands resolved. */
  typeMinutes: Map<string, Placed<number>>;
  minutesPerManualProperty: number;
  manualEditors: Placed<string>[];
  manualAliases: Placed<string>[];
  /** Share of an item's minutes that each of its versions in this language adds. */
  languageFactor: Map<string, Placed<number>>;
}

export class EstimateFileError extends Error {
  override readonly name = 'EstimateFileError';
}

const TOP = ['bands', 'minutesPerItem', 'minutesPerManualProperty', 'manualProperties', 'languageFactor'];

export function readEstimate(text: string, file: string): EstimateSpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const at = (node: Node | null | undefined) => lines.linePos(node?.range?.[0] ?? 0);
  const fail = (node: Node | null | undefined, message: string): never => {
    const p = at(node);
    throw new EstimateFileError(`${file}:${p.line}:${p.col}: ${message}`);
  };
  const [error] = doc.errors;
  if (error) {
    const p = error.linePos?.[0] ?? { line: 1, col: 1 };
    throw new EstimateFileError(`${file}:${p.line}:${p.col}: ${error.message.split('\n')[0]}`);
  }
  const root = doc.contents;
  if (root === null) return emptySpec(file);
  if (!isMap(root)) return fail(root, 'an estimate file is a map (minutesPerItem, languageFactor, …)');
  const entries = (map: YAMLMap, what: string, known?: string[]) =>
    map.items.map((pair) => {
      const key = pair.key as Node;
      const name = isScalar(key) ? String(key.value) : '';
      if (known && !known.includes(name))
        fail(key, `unknown key ${shown(name)} in ${what} (known: ${known.join(', ')})`);
      return { name, key, value: pair.value as Node | null };
    });
  const mapOf = (node: Node | null, what: string): YAMLMap => (isMap(node) ? node : fail(node, `${what} needs a map`));
  const rate = (node: Node | null, what: string): number => {
    const v = isScalar(node) ? node.value : undefined;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return fail(node, `${what} needs a number 0 or more`);
    return v;
  };
  const place = <T>(value: T, node: Node | null) => {
    const p = at(node);
    return { value, line: p.line, column: p.col };
  };
  const spec = emptySpec(file);
  const top = new Map(entries(root, 'the estimate file', TOP).map((e) => [e.name, e]));
  const bands = new Map<string, number>();
  const bandsEntry = top.get('bands');
  if (bandsEntry)
    for (const b of entries(mapOf(bandsEntry.value, 'bands'), 'bands')) bands.set(b.name, rate(b.value, b.name));
  const minutesOf = (node: Node | null, what: string): number => {
    const v = isScalar(node) ? node.value : undefined;
    if (typeof v !== 'string') return rate(node, what);
    const band = bands.get(v);
    return band ?? fail(node, `${what}: no band named ${shown(v)} (bands: ${[...bands.keys()].join(', ')})`);
  };
  const perItem = top.get('minutesPerItem');
  if (perItem)
    for (const t of entries(mapOf(perItem.value, 'minutesPerItem'), 'minutesPerItem')) {
      const minutes = minutesOf(t.value, t.name);
      if (t.name === 'default') spec.defaultMinutes = minutes;
      else spec.typeMinutes.set(t.name, place(minutes, t.key));
    }
  const manual = top.get('minutesPerManualProperty');
  if (manual) spec.minutesPerManualProperty = rate(manual.value, 'minutesPerManualProperty');
  const manualProperties = top.get('manualProperties');
  if (manualProperties)
    for (const m of entries(mapOf(manualProperties.value, 'manualProperties'), 'manualProperties', [
      'editors',
      'aliases',
    ])) {
      const list = isSeq(m.value) ? m.value.items : [m.value];
      const names = list.map((n) =>
        isScalar(n) && typeof n.value === 'string' && n.value !== ''
          ? place(n.value, n as Node)
          : fail(n as Node, `${m.name} needs text or a list of text`),
      );
      (m.name === 'editors' ? spec.manualEditors : spec.manualAliases).push(...names);
    }
  const languages = top.get('languageFactor');
  if (languages)
    for (const l of entries(mapOf(languages.value, 'languageFactor'), 'languageFactor'))
      spec.languageFactor.set(l.name, place(rate(l.value, `languageFactor ${l.name}`), l.key));
  return spec;
}

const emptySpec = (file: string): EstimateSpec => ({
  file,
  defaultMinutes: 0,
  typeMinutes: new Map(),
  minutesPerManualProperty: 0,
  manualEditors: [],
  manualAliases: [],
  languageFactor: new Map(),
});
