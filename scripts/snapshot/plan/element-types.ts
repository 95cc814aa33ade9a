/**
 * Element types told apart by use, not by the source's `element` flag alone (the Umbraco 10–13 plugin sends
 * `element: false` for every type, the 7/8 plugins no flag at all): a type used as a block element (block editors'
 * `contentTypeKey`, Nested Content's `ncContentTypeAlias`) is one, and so is every type composed into an element type.
 * `elementBy` records why: `flag`, `block-use` or `composition`. Any other type is a document type when the flag can
 * be trusted or its use says so (content items of that type, allowed at the root or under a type, templates); else
 * `element` is left out: the source does not say, and the site says so instead of guessing.
 */
import type { TypeReferences } from './content-type-plan.ts';
import type { ContentTypeRecord } from '../../core/snapshot-format.ts';

type ElementBy = 'flag' | 'block-use' | 'composition';

export interface ElementEvidence extends Pick<TypeReferences, 'elementKeys' | 'elementAliases'> {
  /** Types of content items. */
  documentAliases: ReadonlySet<string>;
  /** The source's `element: false` is the database's flag (the local read service), not a constant or absent. */
  flagTrusted: boolean;
}

export function markElementTypes(types: ContentTypeRecord[], refs: ElementEvidence): ContentTypeRecord[] {
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
  const documents = refs.flagTrusted ? undefined : listDocumentTypesByUse(types, refs.documentAliases);
  return types.map((type) => {
    const elementBy = why.get(type.key);
    if (elementBy !== undefined) return { ...type, element: true, elementBy };
    if (documents === undefined || documents.has(type.key)) return { ...type, element: false };
    const { element: _untrusted, ...undecided } = type;
    return undecided;
  });
}

/** Only document types have content items, are allowed at the root or under another type, or have templates. */
function listDocumentTypesByUse(types: ContentTypeRecord[], documentAliases: ReadonlySet<string>): Set<string> {
  const aliases = new Set([...documentAliases].map((alias) => alias.toLowerCase()));
  const allowedUnder = new Set(types.flatMap((type) => type.allowedContentTypes.map((ref) => ref.key)));
  return new Set(
    types
      .filter(
        (type) =>
          aliases.has(type.alias.toLowerCase()) ||
          allowedUnder.has(type.key) ||
          type.allowedAsRoot === true ||
          type.allowedTemplates.length > 0 ||
          (type.defaultTemplate !== undefined && type.defaultTemplate !== null),
      )
      .map((type) => type.key),
  );
}
