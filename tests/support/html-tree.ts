/**
 * A page as a browser parses it (parse5: the WHATWG tree construction), what the parser had to repair, and a few
 * queries over the tree: one compound selector (`tag`, `#id`, `.class`, `[name]`, `[name=value]`), no combinators.
 */
import { parse, type DefaultTreeAdapterMap, type ParserError } from 'parse5';

export type HtmlNode = DefaultTreeAdapterMap['parentNode'] | DefaultTreeAdapterMap['childNode'];
export type HtmlElement = DefaultTreeAdapterMap['element'];

export interface ParsedPage {
  document: DefaultTreeAdapterMap['document'];
  /**
   * What a browser repairs silently: the tokenizer's parse errors (`duplicate-attribute`, …), elements the parser
   * implied, and elements closed without their end tag (misnested or unclosed markup).
   */
  errors: string[];
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

export function parsePage(html: string): ParsedPage {
  const errors: string[] = [];
  const document = parse(html, {
    sourceCodeLocationInfo: true,
    onParseError: (error: ParserError) => errors.push(error.code),
  });
  for (const element of descendants(document)) {
    const at = element.sourceCodeLocation;
    if (at?.startTag === undefined) errors.push(`implied <${element.tagName}>`);
    else if (!VOID.has(element.tagName) && at.endTag === undefined)
      errors.push(`<${element.tagName}> at ${at.startLine}:${at.startCol} closed without its end tag`);
  }
  return { document, errors };
}

const isElement = (node: HtmlNode): node is HtmlElement => 'tagName' in node;

/** Element children, in order. */
export const childElements = (node: HtmlNode): HtmlElement[] =>
  'childNodes' in node ? node.childNodes.filter(isElement) : [];

function* descendants(node: HtmlNode): Generator<HtmlElement> {
  for (const child of childElements(node.nodeName === 'template' ? (node as { content: HtmlNode }).content : node)) {
    yield child;
    yield* descendants(child);
  }
}

export const attrOf = (element: HtmlElement, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/** Whether the element matches one compound selector, e.g. `section.property[aria-label=title]`. */
export function matches(element: HtmlElement, selector: string): boolean {
  const parts = selector.match(/^[a-z0-9]+|#[\w-]+|\.[\w-]+|\[[\w-]+(?:=[^\]]*)?\]/g) ?? [];
  if (parts.join('') !== selector) throw new Error(`unsupported selector ${selector}`);
  return parts.every((part) => {
    if (part.startsWith('#')) return attrOf(element, 'id') === part.slice(1);
    if (part.startsWith('.')) return (attrOf(element, 'class') ?? '').split(/\s+/).includes(part.slice(1));
    if (part.startsWith('[')) {
      const [name, value] = part.slice(1, -1).split('=') as [string, string | undefined];
      const actual = attrOf(element, name);
      return value === undefined ? actual !== undefined : actual === value;
    }
    return element.tagName === part;
  });
}

export const queryAll = (root: HtmlNode, selector: string): HtmlElement[] =>
  [...descendants(root)].filter((element) => matches(element, selector));

export function query(root: HtmlNode, selector: string): HtmlElement {
  const found = queryAll(root, selector);
  if (found.length !== 1) throw new Error(`${found.length} elements match ${selector}, not one`);
  return found[0] as HtmlElement;
}

/** The text of a node and everything in it, as `textContent` gives it. */
export function textOf(node: HtmlNode): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map((child) => textOf(child as HtmlNode)).join('') : '';
}

/** Text with runs of white space made one space and trimmed, as a reader sees it. */
export const readText = (node: HtmlNode): string => textOf(node).replace(/\s+/g, ' ').trim();
