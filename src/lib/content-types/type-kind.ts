/**
 * What kind of content type a type is, as far as the snapshot knows: the crawler leaves `element` out when the
 * source's flag cannot be trusted (the Umbraco 7–13 plugins) and use does not decide. Such a type is never shown as
 * a document type by default.
 */
export type TypeKind = 'content' | 'element' | 'element or document';

export const kindOfType = (type: { element?: boolean }): TypeKind =>
  type.element === true ? 'element' : type.element === false ? 'content' : 'element or document';

const LABELS: Record<TypeKind, string> = {
  content: 'document type',
  element: 'element type',
  'element or document': 'element or document (the source does not say)',
};

export const describeTypeKind = (type: { element?: boolean }): string => LABELS[kindOfType(type)];
