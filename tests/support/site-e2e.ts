/** Shared pieces of the site's browser tests: in-process builds, the system Chromium, the hostile test item. */
import { existsSync } from 'node:fs';
import { runBuild } from '../../scripts/pipeline/run-build.ts';
import { runSnapshotCli } from '../../scripts/pipeline/snapshot-run.ts';
import type { FixtureItem } from './site-fixture-snapshot.ts';
import { loadChromium, type Browser } from '../../scripts/browser/chromium.ts';
import { XSS_HTML_PAYLOADS, XSS_URL_PAYLOADS } from './site-xss-payloads.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM} (CI installs it with apt-get install chromium)`);
  return (await loadChromium()).launch({
    executablePath: CHROMIUM,
    args: [
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

function collect(): {
  io: { stdout: { write(t: string): boolean }; stderr: { write(t: string): boolean } };
  text(): string;
} {
  let text = '';
  const sink = {
    write: (t: string) => {
      text += t;
      return true;
    },
  };
  return { io: { stdout: sink, stderr: sink }, text: () => text };
}

/** Runs `npm run build` in-process; throws with its output when it fails. */
export async function buildSite(args: string[]): Promise<string> {
  const out = collect();
  const code = await runBuild([...args, '--quiet'], { ...process.env, SITE_BASE: '', SITE_MEDIA_ORIGIN: '' }, out.io);
  if (code !== 0) throw new Error(`build ${args.join(' ')} exited ${code}:\n${out.text()}`);
  return out.text();
}

export async function crawl(args: string[], env: Record<string, string>): Promise<void> {
  const out = collect();
  const code = await runSnapshotCli([...args, '--quiet'], { ...process.env, ...env }, out.io);
  if (code !== 0) throw new Error(`snapshot ${args.join(' ')} exited ${code}:\n${out.text()}`);
}

export const XSS_ITEM_KEY = 'dddddddd-0000-4000-8000-000000000001';
const XSS_CHILD_KEY = 'dddddddd-0000-4000-8000-000000000002';
const html = XSS_HTML_PAYLOADS.join('\n');

/** A content item whose name, URL, text, rich text (both eras), links and blocks all carry the payloads. */
export function xssItem(): FixtureItem {
  const textProps = Object.fromEntries(
    [...XSS_HTML_PAYLOADS, ...XSS_URL_PAYLOADS].map((p, i) => [
      `text${i}`,
      { editorAlias: 'Umbraco.TextBox', value: p },
    ]),
  );
  const links = XSS_URL_PAYLOADS.map((url, i) => ({ name: XSS_HTML_PAYLOADS[i], url, target: '_blank' }));
  const blockValues = XSS_HTML_PAYLOADS.map((p, i) => ({
    alias: `p${i}`,
    editorAlias: i % 2 === 0 ? 'Umbraco.TextBox' : 'Umbraco.RichText',
    value: i % 2 === 0 ? p : { markup: p, blocks: null },
  }));
  return {
    id: 990001,
    key: XSS_ITEM_KEY,
    name: `<script>window.__xss=1</script><img src=x onerror=window.__xss=1>XSS probe`,
    type: 'xssProbe',
    url: 'javascript:window.__xss=1',
    properties: {
      richText: { editorAlias: 'Umbraco.TinyMCE', value: html },
      richTextJson: {
        editorAlias: 'Umbraco.RichText',
        value: {
          markup: html,
          blocks: {
            contentData: [{ contentTypeKey: XSS_CHILD_KEY, key: XSS_CHILD_KEY, values: blockValues.slice(0, 5) }],
            layout: {},
          },
        },
      },
      links: { editorAlias: 'Umbraco.MultiUrlPicker', value: links },
      blocks: {
        editorAlias: 'Umbraco.BlockList',
        value: {
          layout: { 'Umbraco.BlockList': [{ contentKey: XSS_CHILD_KEY }] },
          contentData: [{ contentTypeKey: XSS_CHILD_KEY, key: XSS_CHILD_KEY, values: blockValues }],
        },
      },
      json: { editorAlias: 'Custom.Editor', value: { html, urls: XSS_URL_PAYLOADS } },
      ...textProps,
    },
    children: [
      {
        id: 990002,
        key: XSS_CHILD_KEY,
        name: '"><svg onload=window.__xss=1>',
        type: 'xssProbe',
        properties: { t: { editorAlias: 'Umbraco.TextArea', value: html } },
      },
    ],
  };
}
