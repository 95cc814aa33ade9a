/**
 * The change list for people: plain text for a terminal, Markdown for a CI job summary or a pull-request comment.
 * Both give the counts, then the first `limit` changes of each kind.
 */
import {
  ITEM_CHANGE_KINDS,
  countItemChanges,
  countTypeChanges,
  type ChangedItem,
  type ItemRef,
  type PropertyChange,
  type SnapshotDiff,
  type TypeRef,
} from '../core/diff-format.ts';
import { listExtraSections } from './extras-diff.ts';

export interface SummaryOptions {
  limit: number;
  siteUrl?: string;
}

type ItemKindName = (typeof ITEM_CHANGE_KINDS)[number];
const ITEM_TITLES: Record<ItemKindName, string> = {
  added: 'Items added',
  removed: 'Items removed',
  moved: 'Items moved',
  renamed: 'Items renamed',
  urlChanged: 'URLs changed',
  retyped: 'Items re-typed',
  sortOrderChanged: 'Sort order changed',
  changed: 'Values changed',
};

const inCulture = (culture: string | null): string => (culture === null ? '' : ` [${culture}]`);

function describeItem(kind: ItemKindName, change: ItemRef & Record<string, unknown>): string {
  const at = `${change.path} (${change.kind} ${change.key})`;
  const culture = inCulture((change.culture as string | null | undefined) ?? null);
  if (kind === 'moved') return `${at}: ${String(change.fromPath)} → ${String(change.toPath)}`;
  if (kind === 'renamed' || kind === 'urlChanged' || kind === 'retyped' || kind === 'sortOrderChanged') {
    return `${at}${culture}: ${String(change.from)} → ${String(change.to)}`;
  }
  if (kind === 'changed') return `${at}: ${describeProperties((change as unknown as ChangedItem).properties)}`;
  return `${at}, type ${change.type}`;
}

const describeProperties = (properties: PropertyChange[]): string =>
  properties.map((property) => `${property.alias}${inCulture(property.culture)} ${property.change}`).join(', ');

function describeType(change: TypeRef & Partial<SnapshotDiff['contentTypes']['changed'][number]>): string {
  const head = `${change.alias} (${change.kind} type${change.element ? ', element' : ''})`;
  if (change.properties === undefined) return head;
  const parts: string[] = [];
  for (const [what, list] of Object.entries(change.properties)) {
    if (list.length > 0)
      parts.push(`properties ${what}: ${list.map((p) => ('alias' in p ? p.alias : p.toAlias)).join(', ')}`);
  }
  for (const [what, lists] of Object.entries({
    compositions: change.compositions,
    'allowed children': change.allowedChildren,
  })) {
    if (lists?.added.length) parts.push(`${what} added: ${lists.added.join(', ')}`);
    if (lists?.removed.length) parts.push(`${what} removed: ${lists.removed.join(', ')}`);
  }
  for (const field of change.fields ?? []) parts.push(`${field.field}: ${String(field.from)} → ${String(field.to)}`);
  return `${head}: ${parts.join('; ')}`;
}

interface Section {
  title: string;
  lines: { text: string; href?: string }[];
  total: number;
}

function listSections(diff: SnapshotDiff, options: SummaryOptions): Section[] {
  const site = options.siteUrl;
  const itemSections = ITEM_CHANGE_KINDS.map((kind) => ({
    title: ITEM_TITLES[kind],
    total: diff.items[kind].length,
    lines: diff.items[kind].slice(0, options.limit).map((change) => ({
      text: describeItem(kind, change as unknown as ItemRef & Record<string, unknown>),
      href: site && `${site}/${change.kind}/${change.key}/`,
    })),
  }));
  const typeSections = (['added', 'removed', 'changed'] as const).map((kind) => ({
    title: `Content types ${kind}`,
    total: diff.contentTypes[kind].length,
    lines: diff.contentTypes[kind].slice(0, options.limit).map((change) => ({
      text: describeType(change),
      href: site && kind !== 'removed' ? `${site}/types/${change.key}/` : undefined,
    })),
  }));
  return [...typeSections, ...itemSections, ...listExtraSections(diff.extras, options.limit)];
}

const heading = (diff: SnapshotDiff): string =>
  `${diff.from.finishedAt} → ${diff.to.finishedAt}: ${countTypeChanges(diff.contentTypes)} content type changes, ` +
  `${countItemChanges(diff.items)} item changes`;

export function renderText(diff: SnapshotDiff, options: SummaryOptions): string {
  const out = [`Changes ${heading(diff)}`];
  for (const section of listSections(diff, options).filter((s) => s.total > 0)) {
    out.push('', `${section.title}: ${section.total}`, ...section.lines.map((line) => `  ${line.text}`));
    if (section.total > section.lines.length) out.push(`  … and ${section.total - section.lines.length} more`);
  }
  return `${out.join('\n')}\n`;
}

const escapeMarkdown = (text: string): string => text.replace(/([\\`*_[\]<>|#])/g, '\\$1');

export function renderMarkdown(diff: SnapshotDiff, options: SummaryOptions): string {
  const sections = listSections(diff, options);
  const out = [`## Snapshot changes`, '', escapeMarkdown(heading(diff)), '', '| Change | Count |', '|---|---:|'];
  out.push(...sections.map((section) => `| ${section.title} | ${section.total} |`));
  for (const section of sections.filter((s) => s.total > 0)) {
    out.push('', `### ${section.title} (${section.total})`, '');
    for (const line of section.lines) {
      out.push(line.href ? `- [${escapeMarkdown(line.text)}](${line.href})` : `- ${escapeMarkdown(line.text)}`);
    }
    if (section.total > section.lines.length) out.push(`- … and ${section.total - section.lines.length} more`);
  }
  return `${out.join('\n')}\n`;
}
