/**
 * Element types told apart by use, not by the source's `element` flag alone (the Umbraco 10–13 plugin sends
 * `element: false` for every type): a type used as a block element (block editors' `contentTypeKey`, Nested
 * Content's `ncContentTypeAlias`) is one, and so is every type composed into an element type.
 * `elementBy` records why: `flag`, `block-use` or `composition`.
 */
import type { TypeReferences } from './content-type-plan.ts';
import type { ContentTypeRecord } from '../../core/snapshot-format.ts';

type ElementBy = 'flag' | 'block-use' | 'composition';

export function markElementTypes(
  types: ContentTypeRecord[],
  refs: Pick<TypeReferences, 'elementKeys' | 'elementAliases'>,
): ContentTypeRecord[] {
  const byKey = new Map(types.map((type) => [type.key, type]));
  const aliases = new Set([...refs.elementAliases].map((alias) => alias.toLowerCase()));
  const why = new Map<string, ElementBy>();
  for (const type of types) {
    if (type.element === true) why.set(type.key, 'flag');
    else if (refs.elementKeys.has(type.key) || aliases.has(type.alias.toLowerCase())) why.set(type.key, 'block-use');
  }
  const queue = [...why.keys()];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    for (const ref of byKey.get(key)?.compositions ?? []) {
      if (why.has(ref.key) || !byKey.has(ref.key)) continue;
      why.set(ref.key, 'composition');
      queue.push(ref.key);
    }
  }
  return types.map((type) => {
    const elementBy = why.get(type.key);
    return elementBy === undefined ? { ...type, element: false } : { ...type, element: true, elementBy };
  });
}
