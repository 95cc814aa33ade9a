/**
 * The change list for people: plain text for a terminal, Markdown for a CI job summary or a pull-request comment.
 * Both give the counts (rows, as the site counts them: for values, one per property and language), then the first
 * `limit` changes of each kind, old → new.
 */
import {
  ITEM_CHANGE_KINDS,
  countRows,
  describeChangeCounts,
  summariseByType,
  type TypeSummary,
  type ChangedItem,
  type ChangedType,
  type ItemRef,
  type SnapshotDiff,
  type TypeRef,
} from '../core/diff-format.ts';
import { CHANGE_LABELS, describeTypeDrift, describeValueChange, renderValue } from '../core/change-text.ts';
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
  templateChanged: 'Templates changed',
  changed: 'Values changed',
};

const inCulture = (culture: string | null): string => (culture === null ? '' : ` [${culture}]`);

function describeItem(kind: ItemKindName, change: ItemRef & Record<string, unknown>): string {
  const at = `${change.path} (${change.kind} ${change.key})`;
  const culture = inCulture((change.culture as string | null | undefined) ?? null);
  if (kind === 'moved') return `${at}: ${String(change.fromPath)} → ${String(change.toPath)}`;
  if (kind === 'sortOrderChanged') return `${at}: ${String(change.from)} → ${String(change.to)}`;
  if (['renamed', 'urlChanged', 'retyped', 'templateChanged'].includes(kind)) {
    return `${at}${culture}: ${renderValue(change.from)} → ${renderValue(change.to)}`;
  }
  if (kind === 'changed') {
    return `${at}: ${(change as unknown as ChangedItem).properties.map((p) => describeValueChange(p)).join('; ')}`;
  }
  return `${at}, type ${change.type}`;
}

function describeType(change: TypeRef & Partial<ChangedType>): string {
  const head = `${change.alias} (${change.kind} type${change.element ? ', element' : ''})`;
  if (change.properties === undefined) return head;
  return `${head}: ${describeTypeDrift(change as ChangedType).join('; ')}`;
}

interface Section {
  title: string;
  lines: { text: string; href?: string }[];
  /** Rows, as the site counts them. */
  total: number;
  /** What the total counts, when it is not one row per line. */
  note?: string;
  /** Entries not listed past the limit. */
  more: number;
}

function listSections(diff: SnapshotDiff, options: SummaryOptions): Section[] {
  const site = options.siteUrl;
  const itemSections = ITEM_CHANGE_KINDS.map((kind) => ({
    title: ITEM_TITLES[kind],
    total: countRows(diff.items, kind),
    ...(kind === 'changed' ? { note: `values in ${diff.items.changed.length} items` } : {}),
    more: Math.max(0, diff.items[kind].length - options.limit),
    lines: diff.items[kind].slice(0, options.limit).map((change) => ({
      text: describeItem(kind, change as unknown as ItemRef & Record<string, unknown>),
      href: site && `${site}/${change.kind}/${change.key}/`,
    })),
  }));
  const typeSections = (['added', 'removed', 'changed'] as const).map((kind) => ({
    title: `Content types ${kind}`,
    total: diff.contentTypes[kind].length,
    more: Math.max(0, diff.contentTypes[kind].length - options.limit),
    lines: diff.contentTypes[kind].slice(0, options.limit).map((change) => ({
      text: describeType(change),
      href: site && kind !== 'removed' ? `${site}/types/${change.key}/` : undefined,
    })),
  }));
  return [...typeSections, ...itemSections, ...listExtraSections(diff.extras, options.limit)];
}

const heading = (diff: SnapshotDiff): string =>
  `${diff.from.finishedAt} → ${diff.to.finishedAt}: ${describeChangeCounts(diff)}`;

const counted = (section: Section): string =>
  section.note === undefined ? String(section.total) : `${section.total} (${section.note})`;

/** `blog (content): 4 items; added 1, values changed 3`, naming only the kinds of change that happened. */
function describeSummary(summary: TypeSummary): string {
  const parts = ITEM_CHANGE_KINDS.filter((kind) => summary.counts[kind] > 0).map(
    (kind) => `${CHANGE_LABELS[kind].toLowerCase()} ${summary.counts[kind]}`,
  );
  return `${summary.type} (${summary.kind}): ${summary.items} items; ${parts.join(', ')}`;
}

function listTypeSummaries(diff: SnapshotDiff, limit: number): { lines: string[]; more: number } {
  const summaries = summariseByType(diff.items);
  return { lines: summaries.slice(0, limit).map(describeSummary), more: Math.max(0, summaries.length - limit) };
}

export function renderText(diff: SnapshotDiff, options: SummaryOptions): string {
  const out = [`Changes ${heading(diff)}`];
  const byType = listTypeSummaries(diff, options.limit);
  if (byType.lines.length > 0) {
    out.push('', 'By item type:', ...byType.lines.map((line) => `  ${line}`));
    if (byType.more > 0) out.push(`  … and ${byType.more} more`);
  }
  for (const section of listSections(diff, options).filter((s) => s.total > 0)) {
    out.push('', `${section.title}: ${counted(section)}`, ...section.lines.map((line) => `  ${line.text}`));
    if (section.more > 0) out.push(`  … and ${section.more} more`);
  }
  return `${out.join('\n')}\n`;
}

const escapeMarkdown = (text: string): string => text.replace(/([\\`*_[\]<>|#])/g, '\\$1');

export function renderMarkdown(diff: SnapshotDiff, options: SummaryOptions): string {
  const sections = listSections(diff, options);
  const out = [`## Snapshot changes`, '', escapeMarkdown(heading(diff)), '', '| Change | Count |', '|---|---:|'];
  out.push(...sections.map((section) => `| ${section.title} | ${escapeMarkdown(counted(section))} |`));
  out.push('', 'Counts are rows: one per change listed, and for values one per property and language.');
  const byType = listTypeSummaries(diff, options.limit);
  if (byType.lines.length > 0) {
    out.push('', '### By item type', '', ...byType.lines.map((line) => `- ${escapeMarkdown(line)}`));
    if (byType.more > 0) out.push(`- … and ${byType.more} more`);
  }
  for (const section of sections.filter((s) => s.total > 0)) {
    out.push('', `### ${section.title} (${escapeMarkdown(counted(section))})`, '');
    for (const line of section.lines) {
      out.push(line.href ? `- [${escapeMarkdown(line.text)}](${line.href})` : `- ${escapeMarkdown(line.text)}`);
    }
    if (section.more > 0) out.push(`- … and ${section.more} more`);
  }
  return `${out.join('\n')}\n`;
}
