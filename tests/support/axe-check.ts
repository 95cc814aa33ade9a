/**
 * axe-core in a real page: the library is evaluated into the page the way the devtools evaluate (the site's
 * Content-Security-Policy allows no inline script, and the site itself is left as it is), then run over the whole
 * document with the WCAG 2.0, 2.1 and 2.2 A and AA rules. A violation is reported with its rule, impact and the first
 * elements it names, so a failing test says what to fix.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '../../scripts/browser/chromium.ts';

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let source: Promise<string> | undefined;

function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** The page's axe violations, one line each (rule, impact, count, the first two elements); [] when there are none. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"')))
    await page.evaluate<unknown>(await axeSource());
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA_TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(
    (o) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe
        .run(document, o)
        .then((r) =>
          r.violations.map(({ id, impact, help, nodes }) => ({
            id,
            impact,
            help,
            nodes: nodes.map((n) => ({ target: n.target, html: n.html })),
          })),
        ),
    options,
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}) ×${v.nodes.length}: ${v.help} — ${v.nodes
        .slice(0, 2)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
        .join(' | ')}`,
  );
}
