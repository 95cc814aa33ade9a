/**
 * What the audit knows of one content item from its own record: words per language, the body compared for
 * duplicates, and its mandatory properties without a value.
 */
import type { TypeIndex } from '../content-types/type-index.ts';
import type { CultureEntry, PropertyEntry } from '../values/item-properties.ts';
import { isEmptyValue } from '../values/value-text.ts';
import { listWords, type EditorOf } from './item-words.ts';

export interface ItemFacts {
  /** Words per language of a culture-variant item; `{}` for an invariant one. */
  wordsByLanguage: Record<string, number>;
  /** The item's words: an invariant item's, or the most of any of its languages. */
  words: number;
  /** Lower-case words of every language in turn (an invariant item's once). */
  body: string[];
  emptyMandatory: number;
  /** Properties of its type (compositions included); those without a value in its invariant values or a language. */
  properties: number;
  emptyProperties: string[];
}

export function itemFacts(
  typeAlias: string,
  properties: PropertyEntry[],
  cultures: CultureEntry[],
  types: TypeIndex,
): ItemFacts {
  const editorOf: EditorOf = (element, alias) => types.elementType(element)?.editorOf(alias);
  const sets =
    cultures.length > 0
      ? cultures.map((c) => ({ iso: c.iso, entries: c.properties.length > 0 ? c.properties : properties }))
      : [{ iso: '', entries: properties }];
  const wordsByLanguage: Record<string, number> = {};
  const body: string[] = [];
  let words = 0;
  for (const set of sets) {
    const list = listWords(set.entries, editorOf);
    if (set.iso !== '') wordsByLanguage[set.iso] = list.count;
    words = Math.max(words, list.count);
    for (const w of list.words) body.push(w);
  }
  const type = types.findByAlias(typeAlias);
  const declared = type ? types.listProperties(type) : [];
  const empty = declared.filter((p) =>
    sets.some((set) => isEmptyValue(set.entries.find((e) => e.alias === p.alias)?.value)),
  );
  const emptyMandatory = empty.filter((p) => p.mandatory).length;
  return {
    wordsByLanguage,
    words,
    body,
    emptyMandatory,
    properties: declared.length,
    emptyProperties: empty.map((p) => p.alias),
  };
}
