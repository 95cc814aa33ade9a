/**
 * Rich text from the CMS, made safe to place in a page: sanitize-html with an explicit allow-list (no scripts, event
 * handlers, styles, iframes, forms or `javascript:`-like URLs), internal links rewritten to snapshot pages, and images
 * turned into text links so a page never fetches a file the snapshot does not hold.
 */
import sanitizeHtml from 'sanitize-html';
import { parseEmbeddedJson } from '#core/identifiers.ts';

/** How a link or image source from rich text maps to the snapshot: a page, broken, or an outside URL. */
export type LinkTarget =
  { href: string; label?: string } | { broken: string } | { external: string } | { text: string };
export type LinkResolver = (raw: string, dataUdi: string | undefined) => LinkTarget;

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'q',
  'cite',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'a',
  'span',
  'div',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
/** Tags whose content is dropped with them (not kept as text). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'svg',
  'math',
  'select',
  'button',
  'head',
];

export interface RichTextValue {
  markup: string;
  blocks?: unknown;
}

/** v8–v14 store HTML; v15+ store `{markup, blocks}` (also found as a JSON string inside blocks). */
export function findRichText(value: unknown): RichTextValue | undefined {
  if (typeof value === 'string') {
    const embedded = parseEmbeddedJson(value);
    if (embedded === undefined) return { markup: value };
    return findRichText(embedded);
  }
  if (typeof value === 'object' && value !== null && typeof (value as { markup?: unknown }).markup === 'string') {
    const { markup, blocks } = value as { markup: string; blocks?: unknown };
    return { markup, blocks };
  }
  return undefined;
}

function linkAttributes(target: LinkTarget): { tagName: string; attribs: Record<string, string> } {
  if ('href' in target) return { tagName: 'a', attribs: { href: target.href } };
  if ('external' in target)
    return { tagName: 'a', attribs: { href: target.external, rel: 'noopener noreferrer nofollow' } };
  if ('broken' in target)
    return { tagName: 'span', attribs: { class: 'broken', title: `broken link: ${target.broken}` } };
  return { tagName: 'span', attribs: { title: target.text } };
}

export function sanitizeRichText(html: string, resolve: LinkResolver): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      span: ['class', 'title'],
      abbr: ['title'],
      ol: ['start'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
    },
    allowedClasses: { span: ['broken', 'rte-image'], a: ['rte-image'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    enforceHtmlBoundary: false,
    parseStyleAttributes: false,
    transformTags: {
      // The page has its own h1/h2/h3; rich-text headings nest below them.
      h1: 'h4',
      h2: 'h5',
      h3: 'h6',
      h4: 'h6',
      h5: 'h6',
      a: (_tag, attribs) => {
        const href = attribs.href;
        if (href === undefined) return { tagName: 'span', attribs: {} };
        const out = linkAttributes(resolve(href, attribs['data-udi']));
        return {
          tagName: out.tagName,
          attribs: { ...out.attribs, ...(attribs.title ? { title: attribs.title } : {}) },
        };
      },
      img: (_tag, attribs) => {
        const label = `[image${attribs.alt ? `: ${attribs.alt}` : ''}]`;
        const out = linkAttributes(resolve(attribs.src ?? '', attribs['data-udi']));
        const cls = out.tagName === 'span' && out.attribs.class === 'broken' ? 'broken' : 'rte-image';
        return { tagName: out.tagName, attribs: { ...out.attribs, class: cls }, text: label };
      },
    },
  });
}
