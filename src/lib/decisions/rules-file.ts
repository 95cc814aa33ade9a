/**
 * A rules file (`--rules rules.yaml`): an ordered list of rules, each naming a disposition and the items it covers;
 * the first rule that matches an item decides it, and a decision in the decisions file overrides every rule. A file
 * that is not YAML, or not a list, is an error naming file, line and column; a rule that cannot be used is listed as
 * a problem with its line and column and skipped (never silently).
 */
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { DecisionsFileError, parseDisposition, type DecisionProblem } from './decisions-file.ts';
import {
  parseDuration,
  parseRange,
  RANGE_CONDITIONS,
  type Duration,
  type Range,
  type RangeCondition,
} from './rule-conditions.ts';

/** What a rule can test; every condition given must hold, a list means any of its values. */
export interface RuleConditions {
  type?: string[];
  root?: string[];
  pathPrefix?: string[];
  language?: string[];
  updatedBefore?: string;
  /** Not updated for this long before the snapshot's time. */
  notUpdatedFor?: Duration;
  /** The whole percentage of its type's properties holding a value (the audit's `filled`). */
  filled?: Range;
  /** Items referencing it (the audit's `inboundReferences`). */
  inboundReferences?: Range;
  /** Its words (the audit's `words`: the most of any of its languages). */
  words?: Range;
  /** Any of these properties of its type holds no value (in its invariant values or any of its languages). */
  emptyProperty?: string[];
  /** Any of these properties holds a value (in its invariant values and every language). */
  filledProperty?: string[];
}
const LISTS = ['type', 'root', 'pathPrefix', 'language', 'emptyProperty', 'filledProperty'] as const;
const CONDITIONS = [...LISTS, 'updatedBefore', 'notUpdatedFor', ...RANGE_CONDITIONS] as const;

export interface Rule extends RuleConditions {
  /** 1-based position in the file: "rule 2". */
  index: number;
  name: string;
  disposition: string;
  mergeInto: string;
  line: number;
}

export function readRules(text: string, file: string): { rules: Rule[]; problems: DecisionProblem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const where = (node: Node | null | undefined) => lines.linePos(node?.range?.[0] ?? 0);
  const [error] = doc.errors;
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    throw new DecisionsFileError(`${file}:${at.line}:${at.col}: ${error.message.split('\n')[0]}`);
  }
  if (doc.contents === null) return { rules: [], problems: [] };
  if (!isSeq(doc.contents))
    throw new DecisionsFileError(`${file}:1:1: a rules file is a list of rules (each line "- disposition: …")`);
  const rules: Rule[] = [];
  const problems: DecisionProblem[] = [];
  doc.contents.items.forEach((item, i) => {
    const at = where(item);
    const problem = (message: string, node: Node | null | undefined = item) => {
      const p = where(node);
      problems.push({ file, line: p.line, column: p.col, message: `rule ${i + 1}: ${message}: rule not used` });
    };
    if (!isMap(item)) return problem('not a map of disposition and conditions');
    const raw = item.toJSON() as Record<string, unknown>;
    const unknown = Object.keys(raw).filter(
      (k) => k !== 'name' && k !== 'disposition' && !(CONDITIONS as readonly string[]).includes(k),
    );
    if (unknown.length > 0) return problem(`unknown field ${JSON.stringify(unknown[0])}`, item.get(unknown[0], true));
    const parsed = parseDisposition(String(raw.disposition ?? ''));
    if (typeof parsed === 'string') return problem(parsed, item.get('disposition', true) ?? item);
    const rule: Rule = { index: i + 1, name: String(raw.name ?? ''), ...parsed, line: at.line };
    for (const key of CONDITIONS) {
      const value = raw[key];
      if (value === undefined) continue;
      if (key === 'updatedBefore') {
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
          return problem('updatedBefore needs a date (YYYY-MM-DD)', item.get(key, true));
        rule.updatedBefore = value;
      } else if (key === 'notUpdatedFor') {
        const duration = parseDuration(value);
        if (typeof duration === 'string') return problem(duration, item.get(key, true));
        rule.notUpdatedFor = duration;
      } else if ((RANGE_CONDITIONS as readonly string[]).includes(key)) {
        const range = parseRange(key as RangeCondition, value);
        if (typeof range === 'string') return problem(range, item.get(key, true));
        rule[key as RangeCondition] = range;
      } else {
        const list = Array.isArray(value) ? value : [value];
        if (list.length === 0 || !list.every((v) => typeof v === 'string' && v !== ''))
          return problem(`${key} needs text or a list of text`, item.get(key, true));
        rule[key as (typeof LISTS)[number]] = list as string[];
      }
    }
    rules.push(rule);
  });
  return { rules, problems };
}
