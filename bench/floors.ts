import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runMeasured, type Measured } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WORDS = 'migration content archive record property editor analyst snapshot tree media language reference'.split(
  ' ',
);

/** A paragraph of about `bytes` characters, deterministic, so every floor page carries the same text size. */
export function paragraph(bytes: number, seed: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = WORDS[(seed * 7 + i * 13) % WORDS.length]!;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

/** N trivial pages (title + paragraph) built with the project's own Astro: the floor any Astro site pays. */
export async function buildAstroFloor(workDir: string, pages: number, textBytes: number): Promise<Measured> {
  const dir = join(workDir, 'astro-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src/pages/p'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(dir, 'astro.config.mjs'), "export default { build: { inlineStylesheets: 'never' } };\n");
  writeFileSync(
    join(dir, 'src/pages/p/[id].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: String(i) } }));
}
const words = ${JSON.stringify(WORDS)};
const { id } = Astro.params;
const seed = Number(id);
let text = '';
for (let i = 0; text.length < ${textBytes}; i++) text += words[(seed * 7 + i * 13) % words.length] + ' ';
---
<html lang="en"><head><meta charset="utf-8"><title>Page {id}</title></head>` +
      `<body><h1>Page {id}</h1><p>{text}</p></body></html>
`,
  );
  return runMeasured(
    process.execPath,
    [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', dir, '--silent'],
    {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_OPTIONS: '--max-old-space-size=8192' },
    },
  );
}

/** The same N pages built by Hugo from generated Markdown (Debian's `hugo`). */
export async function buildHugoFloor(workDir: string, pages: number, textBytes: number): Promise<Measured | undefined> {
  const dir = join(workDir, 'hugo-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'content/p'), { recursive: true });
  mkdirSync(join(dir, 'layouts/_default'), { recursive: true });
  writeFileSync(join(dir, 'config.toml'), 'baseURL = "/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n');
  writeFileSync(
    join(dir, 'layouts/_default/single.html'),
    '<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>' +
      '<body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n',
  );
  writeFileSync(join(dir, 'layouts/_default/list.html'), '<html><body>{{ .Title }}</body></html>\n');
  for (let i = 0; i < pages; i++) {
    writeFileSync(join(dir, `content/p/${i}.md`), `---\ntitle: "Page ${i}"\n---\n${paragraph(textBytes, i)}\n`);
  }
  try {
    return await runMeasured('hugo', ['--quiet', '-s', dir, '-d', join(dir, 'public')]);
  } catch {
    return undefined;
  }
}
