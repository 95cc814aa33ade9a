/** What rendering a value needs from the snapshot, and references resolved into views. */
import type { BlockElement } from '#core/block-value.ts';
import { extractReferences, type ValueReference } from './references.ts';
import { resolveReference, type ItemLookup, type ItemTarget } from './reference-target.ts';

export interface RefView {
  raw: string;
  via: string;
  target?: ItemTarget & { href: string };
}
export interface ElementTypeInfo {
  name: string;
  key?: string;
  alias?: string;
  editorOf(alias: string): string | undefined;
}
export interface ValueContext {
  lookup: ItemLookup;
  /** Page path (base included) of a snapshot item. */
  hrefOf(target: ItemTarget): string;
  /** A content item whose CMS URL is this relative URL, to turn site-relative links into snapshot links. */
  findByUrl(url: string): ItemTarget | undefined;
  elementType(element: BlockElement): ElementTypeInfo | undefined;
  /** A Block Grid area's alias by its key, when the source told it. */
  areaAlias?(key: string): string | undefined;
}

export function toRefView(ref: ValueReference, ctx: ValueContext): RefView {
  const found = resolveReference(ref, ctx.lookup);
  return { raw: ref.raw, via: ref.via, ...(found ? { target: { ...found, href: ctx.hrefOf(found) } } : {}) };
}

export function refsOf(value: unknown, editorAlias: string | undefined, ctx: ValueContext): RefView[] {
  const editorOf = (element: BlockElement, alias: string) => ctx.elementType(element)?.editorOf(alias);
  return extractReferences(value, editorAlias, editorOf).map((ref) => toRefView(ref, ctx));
}
