/**
 * Whether a rule holds for an item: every condition given must hold, a list means any of its values. The conditions
 * over age, fill, references and words read the content audit's row of the item (content items only: a media item,
 * or an item shown without its properties, has none and never matches them).
 */
import type { SiteNode } from '../site-data/site-data-format.ts';
import { cutoffOf, inRange } from './rule-conditions.ts';
import type { Rule } from './rules-file.ts';

/** What the audit says of one content item (src/lib/site-data/derive/audit-rows.ts). */
export interface AuditFacts {
  words: number;
  inboundReferences: number;
  filled: number | null;
  emptyProperties: string[];
  properties: string[];
}

export interface RuleContext {
  /** The snapshot's time (its manifest's finishedAt): ages are counted back from it. */
  snapshotAt: string;
  audit: ReadonlyMap<string, AuditFacts>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function ownFactsMatch(rule: Rule, node: SiteNode, snapshotAt: string): boolean {
  const urls = [node.url, ...Object.values(node.urls ?? {})].filter((u): u is string => typeof u === 'string');
  const updated = node.updateDate === null ? NaN : Date.parse(node.updateDate);
  if (rule.type && !rule.type.includes(node.type)) return false;
  if (rule.root && !rule.root.some((r) => same(r, node.root))) return false;
  if (rule.pathPrefix && !rule.pathPrefix.some((p) => urls.some((u) => u.startsWith(p)))) return false;
  if (rule.language && !rule.language.some((l) => node.cultures.some((c) => same(c, l)))) return false;
  if (rule.updatedBefore !== undefined && !(updated < Date.parse(rule.updatedBefore))) return false;
  if (rule.notUpdatedFor !== undefined && !(updated <= cutoffOf(rule.notUpdatedFor, snapshotAt))) return false;
  return true;
}

function auditMatches(rule: Rule, facts: AuditFacts | undefined): boolean {
  const needsAudit =
    rule.filled ?? rule.inboundReferences ?? rule.words ?? rule.emptyProperty ?? rule.filledProperty ?? undefined;
  if (needsAudit === undefined) return true;
  if (facts === undefined) return false;
  if (rule.words && !inRange(rule.words, facts.words)) return false;
  if (rule.inboundReferences && !inRange(rule.inboundReferences, facts.inboundReferences)) return false;
  if (rule.filled && (facts.filled === null || !inRange(rule.filled, facts.filled))) return false;
  if (rule.emptyProperty && !rule.emptyProperty.some((p) => facts.emptyProperties.includes(p))) return false;
  const filled = (p: string) => facts.properties.includes(p) && !facts.emptyProperties.includes(p);
  if (rule.filledProperty && !rule.filledProperty.some(filled)) return false;
  return true;
}

export const ruleMatches = (rule: Rule, node: SiteNode, context: RuleContext): boolean =>
  ownFactsMatch(rule, node, context.snapshotAt) && auditMatches(rule, context.audit.get(node.key));
