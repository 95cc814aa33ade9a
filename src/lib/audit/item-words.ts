/**
 * The words of an item, per language: the values of its text and rich-text properties (Umbraco.TextBox, TextArea,
 * MarkdownEditor, TinyMCE/RichText with HTML stripped; the v15+ rich-text `{markup}` shape), and the same editors'
 * values inside block elements at any depth; markup is stripped from any of them. Umbraco's own `umbraco…`
 * properties are left out. Other editors (pickers, numbers,
 * labels, JSON) hold no words.
 */
import type { BlockElement } from '#core/block-value.ts';
import { parseEmbeddedJson } from '#core/identifiers.ts';
import { forEachBlockValue } from '../values/block-walk.ts';
import { isRichTextEditor } from '../values/editor-aliases.ts';
import type { PropertyEntry } from '../values/item-properties.ts';
import { stripHtml } from '../values/value-text.ts';

const PLAIN_TEXT = new Set(['Umbraco.TextBox', 'Umbraco.TextArea', 'Umbraco.Textbox', 'Umbraco.MarkdownEditor']);
/** A word: letters or digits, with inner apostrophes (`don't`). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** Umbraco's own properties (umbracoUrlName, umbracoUrlAlias, umbracoFile…) hold settings, not content. */
const SYSTEM_PROPERTY = /^umbraco/i;
/** Words kept per item for comparison; counting goes on past it. */
export const WORD_LIMIT = 20_000;

export type EditorOf = (element: BlockElement, alias: string) => string | undefined;

function textOf(editor: string | undefined, value: unknown): string {
  // Plain text holding markup (an SVG pasted into a text area, say) counts the words it shows, not its tags.
  if (editor !== undefined && PLAIN_TEXT.has(editor))
    return typeof value !== 'string' ? '' : /<[a-z!/]/i.test(value) ? stripHtml(value) : value;
  if (!isRichTextEditor(editor)) return '';
  const parsed = typeof value === 'string' ? (parseEmbeddedJson(value) ?? value) : value;
  const markup = typeof parsed === 'string' ? parsed : (parsed as { markup?: unknown } | null)?.markup;
  return typeof markup === 'string' ? stripHtml(markup) : '';
}

export interface WordList {
  count: number;
  /** Lower-case words in reading order, the first WORD_LIMIT of them. */
  words: string[];
}

export function listWords(properties: PropertyEntry[], editorOf: EditorOf): WordList {
  const out: WordList = { count: 0, words: [] };
  const add = (text: string) => {
    for (const match of text.normalize('NFKC').matchAll(WORD)) {
      out.count += 1;
      if (out.words.length < WORD_LIMIT) out.words.push(match[0].toLowerCase());
    }
  };
  for (const p of properties) {
    if (SYSTEM_PROPERTY.test(p.alias)) continue;
    add(textOf(p.editorAlias, p.value));
    forEachBlockValue(p.value, (element, v) => add(textOf(v.editorAlias ?? editorOf(element, v.alias), v.value)));
  }
  return out;
}
