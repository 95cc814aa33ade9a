/**
 * Plain text of a property value (search records, fill rate): HTML stripped, blocks flattened, identifiers left out.
 */
import { findBlockStructure, walkElements } from '#core/block-value.ts';
import { normalizeGuid, parseEmbeddedJson, parseUdi } from '#core/identifiers.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style|template)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, body: string) => {
      const lower = body.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return safeChar(Number.parseInt(lower.slice(1), 10));
      return ENTITIES[lower] ?? all;
    })
    .replace(/[<>]/g, ' ');
}

const safeChar = (code: number): string =>
  Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';

const isIdentifier = (text: string): boolean =>
  normalizeGuid(text) !== undefined ||
  parseUdi(text) !== undefined ||
  /^umb:\/\//i.test(text) ||
  /^[\d\s,.-]*$/.test(text);

/** Appends the words of a value to `out`; stops adding once `budget` characters are collected. */
export function collectText(value: unknown, out: string[], budget = 20_000): void {
  let used = out.reduce((sum, s) => sum + s.length, 0);
  const push = (text: string): void => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '' || used >= budget) return;
    const part = clean.slice(0, budget - used);
    out.push(part);
    used += part.length + 1;
  };
  const visit = (v: unknown, depth: number): void => {
    if (depth > 20 || used >= budget) return;
    if (typeof v === 'string') {
      const embedded = parseEmbeddedJson(v);
      if (embedded !== undefined) return visit(embedded, depth + 1);
      if (!isIdentifier(v.trim())) push(/<[a-z!/]/i.test(v) ? stripHtml(v) : v);
      return;
    }
    if (Array.isArray(v) || (typeof v === 'object' && v !== null)) {
      const structure = findBlockStructure(v);
      if (structure !== undefined) {
        for (const element of walkElements(structure.items)) for (const p of element.values) visit(p.value, depth + 1);
        return;
      }
      for (const [key, child] of Object.entries(v)) if (!KEY_FIELDS.has(key)) visit(child, depth + 1);
    }
  };
  visit(value, 0);
}

/** Fields that hold ids or layout, never words worth finding. */
const KEY_FIELDS = new Set([
  'key',
  'udi',
  'mediaKey',
  'contentTypeKey',
  'unique',
  'focalPoint',
  'crops',
  'layout',
  'settingsData',
  'expose',
]);

/** Umbraco treats these as "no value": null, empty text, empty lists and blocks without elements. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return true;
    const embedded = parseEmbeddedJson(t);
    return embedded !== undefined && isEmptyValue(embedded);
  }
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.contentData)) return o.contentData.length === 0;
    if (typeof o.markup === 'string') return o.markup.trim() === '' && isEmptyValue(o.blocks);
    return Object.keys(o).length === 0;
  }
  return false;
}
