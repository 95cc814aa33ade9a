/**
 * What the content audit must say of an Umbraco database, from SQL written here (schema guide §2) and the audit's
 * documented rules, never from the code under test: per published document its age, words per language, empty
 * mandatory properties and the documents that reference it by UDI.
 */
import type { DatabaseSync } from 'node:sqlite';
import { openForOracle } from './shared-databases.ts';
import { DOCUMENT } from './umbraco-object-types.ts';

export interface AuditExpectation {
  key: string;
  versionDate: string;
  /** Words per published culture (variant documents) or under '' (invariant ones). */
  words: Record<string, number>;
  emptyMandatory: number;
  /** Aliases of its type's properties (compositions included) and those empty in its invariant values or a language. */
  properties: string[];
  empty: string[];
  inbound: number;
}

const DOCS = `
  SELECT n.id, lower(n.uniqueId) AS key, c.contentTypeId AS typeId, pv.id AS versionId, pv.versionDate,
    ct.variations
  FROM umbracoNode n
  JOIN umbracoDocument d ON d.nodeId = n.id AND d.published = 1
  JOIN umbracoContent c ON c.nodeId = n.id
  JOIN cmsContentType ct ON ct.nodeId = c.contentTypeId
  JOIN umbracoContentVersion pv ON pv.nodeId = n.id
  JOIN umbracoDocumentVersion dv ON dv.id = pv.id AND dv.published = 1
  WHERE n.nodeObjectType = '${DOCUMENT}' AND n.trashed = 0`;
const CULTURES = `SELECT v.nodeId, l.id AS languageId, l.languageISOCode AS iso FROM umbracoDocumentCultureVariation v
  JOIN umbracoLanguage l ON l.id = v.languageId WHERE v.published = 1`;
const VALUES = `SELECT pd.versionId, pd.languageId, pt.Alias AS alias, dt.propertyEditorAlias AS editor,
    COALESCE(pd.textValue, pd.varcharValue) AS text, pd.intValue, pd.decimalValue, pd.dateValue
  FROM umbracoPropertyData pd JOIN cmsPropertyType pt ON pt.id = pd.propertyTypeId
  JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId WHERE pd.segment IS NULL`;
const PROPERTY_TYPES = `SELECT pt.contentTypeId, pt.Alias AS alias, pt.mandatory, pt.variations,
    dt.propertyEditorAlias AS editor, lower(n.uniqueId) AS typeKey
  FROM cmsPropertyType pt JOIN umbracoDataType dt ON dt.nodeId = pt.dataTypeId
  JOIN umbracoNode n ON n.id = pt.contentTypeId`;
const COMPOSITIONS =
  'SELECT childContentTypeId AS child, parentContentTypeId AS parent FROM cmsContentType2ContentType';

const TEXT = new Set(['Umbraco.TextBox', 'Umbraco.TextArea', 'Umbraco.MarkdownEditor']);
const RICH = new Set(['Umbraco.TinyMCE', 'Umbraco.RichText']);

interface Value {
  versionId: number;
  languageId: number | null;
  alias: string;
  editor: string;
  text: string | null;
  intValue: number | null;
  decimalValue: number | null;
  dateValue: string | null;
}
interface PropertyType {
  contentTypeId: number;
  alias: string;
  mandatory: number;
  variations: number;
  editor: string;
  typeKey: string;
}

const all = <T>(db: DatabaseSync, sql: string): T[] => db.prepare(sql).all() as unknown as T[];

function countWords(text: string): number {
  // Words a reader sees: no tags, and nothing inside style or script elements.
  const plain = text
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&(nbsp|amp|lt|gt|quot|apos);/g, ' ')
    // Any other named entity is a letter (`dise&ntilde;o` is one word).
    .replace(/&[a-z]+;/gi, 'x');
  return (plain.normalize('NFKC').match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/** Words of one stored value under its editor, walking block JSON with the element types' own editors. */
function wordsOf(editor: string, raw: unknown, elementEditors: Map<string, Map<string, string>>): number {
  if (TEXT.has(editor)) return typeof raw === 'string' ? countWords(raw) : 0;
  if (RICH.has(editor)) {
    const parsed = typeof raw === 'string' && raw.trim().startsWith('{') ? JSON.parse(raw) : raw;
    const markup = typeof parsed === 'string' ? parsed : (parsed as { markup?: string })?.markup;
    const blocks = typeof parsed === 'object' && parsed !== null ? (parsed as { blocks?: unknown }).blocks : undefined;
    return (markup ? countWords(markup) : 0) + (blocks ? wordsInBlocks(blocks, elementEditors) : 0);
  }
  // Any editor storing block JSON (Block List/Grid, Nested Content, Umbraco Commerce variants) holds elements.
  if (/Block|NestedContent/.test(editor) || (typeof raw === 'string' && raw.includes('"contentData"')))
    return wordsInBlocks(raw, elementEditors);
  return 0;
}

function wordsInBlocks(raw: unknown, elementEditors: Map<string, Map<string, string>>): number {
  const value = typeof raw === 'string' ? (raw.trim() === '' ? null : JSON.parse(raw)) : raw;
  const elements: Array<Record<string, unknown>> = Array.isArray(value)
    ? value
    : ((value as { contentData?: Array<Record<string, unknown>> } | null)?.contentData ?? []);
  let words = 0;
  for (const element of elements) {
    const editors = elementEditors.get(
      String(element.contentTypeKey ?? element.ncContentTypeAlias ?? '').toLowerCase(),
    );
    // v15+ elements name each value's editor; older ones hold values under their aliases.
    const values: Array<[string, unknown, string?]> = Array.isArray(element.values)
      ? (element.values as Array<{ alias: string; value: unknown; editorAlias?: string }>).map((v) => [
          v.alias,
          v.value,
          v.editorAlias,
        ])
      : Object.entries(element);
    for (const [alias, v, editor] of values) words += wordsOf(editor ?? editors?.get(alias) ?? '', v, elementEditors);
  }
  return words;
}

function isEmpty(v: Value | undefined): boolean {
  if (v === undefined) return true;
  if (v.intValue !== null || v.decimalValue !== null || v.dateValue !== null) return false;
  const t = (v.text ?? '').trim();
  if (t === '' || t === '[]' || t === '{}') return true;
  if (t.startsWith('{')) {
    const o = JSON.parse(t) as { contentData?: unknown[]; markup?: string; blocks?: unknown };
    if (Array.isArray(o.contentData)) return o.contentData.length === 0;
    if (typeof o.markup === 'string') return o.markup.trim() === '';
  }
  return false;
}

export function expectAudit(dbPath: string): Map<string, AuditExpectation> {
  const db = openForOracle(dbPath);
  try {
    const props = all<PropertyType>(db, PROPERTY_TYPES);
    const elementEditors = new Map<string, Map<string, string>>();
    const typeAlias = new Map(
      all<{ nodeId: number; alias: string }>(db, 'SELECT nodeId, alias FROM cmsContentType').map((t) => [
        t.nodeId,
        t.alias,
      ]),
    );
    for (const p of props) {
      for (const k of [p.typeKey, (typeAlias.get(p.contentTypeId) ?? '').toLowerCase()]) {
        const m = elementEditors.get(k) ?? new Map<string, string>();
        m.set(p.alias, p.editor);
        elementEditors.set(k, m);
      }
    }
    const compositions = all<{ child: number; parent: number }>(db, COMPOSITIONS);
    const typeIds = (id: number, seen = new Set<number>()): Set<number> => {
      seen.add(id);
      for (const c of compositions) if (c.child === id && !seen.has(c.parent)) typeIds(c.parent, seen);
      return seen;
    };
    const cultures = all<{ nodeId: number; languageId: number; iso: string }>(db, CULTURES);
    const values = all<Value>(db, VALUES);
    const docs = all<{ id: number; key: string; typeId: number; versionId: number; versionDate: string }>(db, DOCS);
    const out = new Map<string, AuditExpectation>();
    for (const doc of docs) {
      const own = values.filter((v) => v.versionId === doc.versionId);
      const langs = cultures.filter((c) => c.nodeId === doc.id);
      const sets = langs.length > 0 ? langs.map((l) => [l.iso, l.languageId] as const) : [['', null] as const];
      const words: Record<string, number> = {};
      for (const [iso, lang] of sets)
        words[iso] = own
          .filter((v) => (v.languageId === null || v.languageId === lang) && !/^umbraco/i.test(v.alias))
          .reduce((sum, v) => sum + wordsOf(v.editor, v.text, elementEditors), 0);
      const types = typeIds(doc.typeId);
      const mandatory = props.filter((p) => p.mandatory === 1 && types.has(p.contentTypeId));
      const emptyIn = (p: PropertyType) =>
        sets.some(([, lang]) =>
          isEmpty(own.find((v) => v.alias === p.alias && (v.languageId === null || v.languageId === lang))),
        );
      const emptyMandatory = mandatory.filter(emptyIn).length;
      const declared = props.filter((p) => types.has(p.contentTypeId));
      out.set(doc.key, {
        key: doc.key,
        versionDate: doc.versionDate,
        words,
        emptyMandatory,
        properties: declared.map((p) => p.alias),
        empty: declared.filter(emptyIn).map((p) => p.alias),
        inbound: 0,
      });
    }
    const published = new Map(docs.map((d) => [d.versionId, d.key]));
    for (const doc of out.values()) {
      const udi = `umb://document/${doc.key.replace(/-/g, '')}`;
      const from = new Set<string>();
      for (const v of values) {
        const source = published.get(v.versionId);
        if (source !== undefined && source !== doc.key && v.text?.toLowerCase().includes(udi)) from.add(source);
      }
      doc.inbound = from.size;
    }
    return out;
  } finally {
    db.close();
  }
}
