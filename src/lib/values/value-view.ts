/**
 * Turns a raw property value into a view model the components render without decisions of their own:
 * rich text (sanitised + source), blocks (nested, element type names), pickers (resolved or broken), links (only safe
 * URLs become links), lists, plain text, and JSON for anything else.
 */
import { findBlockStructure, type BlockElement, type BlockStructure } from '#core/block-value.ts';
import { parseEmbeddedJson } from '#core/identifiers.ts';
import { isMultiUrlPicker, isPickerEditor, isRichTextEditor } from './editor-aliases.ts';
import { extractReferences } from './references.ts';
import { findRichText, sanitizeRichText, type LinkTarget } from './rich-text.ts';
import { classifyUrl } from './safe-url.ts';
import { isEmptyValue } from './value-text.ts';
import { flattenFields, formatColour, formatNumber, formatNumberMap, formatToggle } from './value-format.ts';
import { describeLinks, type LinkView } from './link-view.ts';
import { refsOf, toRefView, type RefView, type ValueContext } from './value-context.ts';

export type { RefView, ValueContext } from './value-context.ts';

export interface BlockView {
  typeName: string;
  typeKey?: string;
  key?: string;
  properties: Array<{ alias: string; editorAlias?: string; view: ValueView }>;
  settings?: BlockView;
  config?: Array<[path: string, text: string]>;
  /** `alias`: the area's name in the grid's configuration, when the source sent it (values hold only the key). */
  areas: Array<{ key: string; alias?: string; items: BlockView[] }>;
}
export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; href?: string; refs: RefView[] }
  | { kind: 'rich-text'; html: string; source: string; refs: RefView[]; blocks?: BlockView[] }
  | { kind: 'blocks'; format: BlockStructure['format']; items: BlockView[]; source: string }
  | { kind: 'pairs'; pairs: Array<[key: string, text: string]>; source: string }
  | { kind: 'refs'; refs: RefView[] }
  | { kind: 'links'; links: LinkView[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'json'; text: string; fields: Array<[path: string, text: string]>; refs: RefView[] };

const sourceOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const jsonView = (value: unknown, refs: RefView[]): ValueView => ({
  kind: 'json',
  text: sourceOf(value),
  fields: flattenFields(value),
  refs,
});

export function describeValue(
  value: unknown,
  editorAlias: string | undefined,
  ctx: ValueContext,
  depth = 0,
): ValueView {
  if (isEmptyValue(value)) return { kind: 'empty' };
  if (depth > 12) return jsonView(value, []);
  const scalar = formatToggle(value, editorAlias) ?? formatColour(value, editorAlias);
  if (scalar !== undefined) return { kind: 'text', text: scalar, refs: [] };
  const structure = findBlockStructure(value);
  if (structure !== undefined)
    return {
      kind: 'blocks',
      format: structure.format,
      items: describeBlocks(structure.items, ctx, depth),
      source: sourceOf(value),
    };
  const rich =
    isRichTextEditor(editorAlias) || (typeof value === 'object' && value !== null && 'markup' in value)
      ? findRichText(value)
      : undefined;
  if (rich !== undefined) return describeRichText(rich.markup, rich.blocks, ctx, depth);
  if (isMultiUrlPicker(editorAlias) && Array.isArray(value)) return { kind: 'links', links: describeLinks(value, ctx) };
  if (isPickerEditor(editorAlias)) return { kind: 'refs', refs: refsOf(value, editorAlias, ctx) };
  if (typeof value === 'string') return describeText(value, ctx);
  if (typeof value === 'number') return { kind: 'text', text: formatNumber(value) ?? String(value), refs: [] };
  const pairs = formatNumberMap(value);
  if (pairs !== undefined) return { kind: 'pairs', pairs, source: sourceOf(value) };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const refs = refsOf(value, editorAlias, ctx);
    return refs.length > 0 ? { kind: 'refs', refs } : { kind: 'list', items: value.map(String) };
  }
  return jsonView(value, refsOf(value, editorAlias, ctx));
}

function describeText(text: string, ctx: ValueContext): ValueView {
  const refs = refsOf(text, undefined, ctx);
  const trimmed = text.trim();
  const href =
    /^(https?:|mailto:)/i.test(trimmed) && classifyUrl(trimmed) === 'absolute' && !/\s/.test(trimmed)
      ? trimmed
      : undefined;
  return { kind: 'text', text, refs, ...(href ? { href } : {}) };
}

function describeRichText(markup: string, blocks: unknown, ctx: ValueContext, depth: number): ValueView {
  const html = sanitizeRichText(markup, (raw, dataUdi) => resolveRichLink(raw, dataUdi, ctx));
  const structure = blocks === undefined ? undefined : findBlockStructure(blocks);
  return {
    kind: 'rich-text',
    html,
    source: markup,
    refs: refsOf(markup, 'Umbraco.RichText', ctx),
    ...(structure && structure.items.length > 0 ? { blocks: describeBlocks(structure.items, ctx, depth) } : {}),
  };
}

/** A link or image source in rich text: internal references become snapshot links; only safe outside URLs stay live. */
export function resolveRichLink(raw: string, dataUdi: string | undefined, ctx: ValueContext): LinkTarget {
  const refs = extractReferences(`${raw} ${dataUdi === undefined ? '' : `data-udi="${dataUdi}"`}`);
  const first = refs[0];
  if (first !== undefined) {
    const view = toRefView(first, ctx);
    return view.target ? { href: view.target.href } : { broken: first.raw };
  }
  const kind = classifyUrl(raw);
  if (kind === 'absolute') return { external: raw.trim() };
  if (kind === 'relative') {
    const target = ctx.findByUrl(raw.trim());
    return target ? { href: ctx.hrefOf(target) } : { text: raw };
  }
  return { text: raw };
}

/**
 * Block JSON keeps a JSON editor's value as text (`"{\"<currency key>\":20}"`, `"[{\"mediaKey\":…}]"`), where a
 * source parses it at the top level: parsed here, the same value reads the same inside a block as outside.
 */
const parseBlockValue = (value: unknown): unknown =>
  typeof value === 'string' ? (parseEmbeddedJson(value) ?? value) : value;

function describeBlocks(items: BlockElement[], ctx: ValueContext, depth: number): BlockView[] {
  return items.map((element) => describeBlock(element, ctx, depth));
}

function describeBlock(element: BlockElement, ctx: ValueContext, depth: number): BlockView {
  const type = ctx.elementType(element);
  const typeName =
    type?.name ?? element.contentTypeAlias ?? `unknown element type ${element.contentTypeKey ?? ''}`.trim();
  return {
    typeName,
    ...(type?.key ? { typeKey: type.key } : {}),
    ...(element.key ? { key: element.key } : {}),
    properties: element.values.map((v) => {
      const editorAlias = v.editorAlias ?? type?.editorOf(v.alias);
      return {
        alias: v.alias,
        ...(editorAlias ? { editorAlias } : {}),
        view: describeValue(parseBlockValue(v.value), editorAlias, ctx, depth + 1),
      };
    }),
    ...(element.settings ? { settings: describeBlock(element.settings, ctx, depth + 1) } : {}),
    ...(element.config && Object.keys(element.config).length > 0 ? { config: flattenFields(element.config) } : {}),
    areas: element.areas.map((area) => {
      const alias = ctx.areaAlias?.(area.key);
      return { key: area.key, ...(alias ? { alias } : {}), items: describeBlocks(area.items, ctx, depth + 1) };
    }),
  };
}
