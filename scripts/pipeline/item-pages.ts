/**
 * The item page writer: after `astro build`, every item page (content, media, pending drafts, unpublished items),
 * written as the layout Astro rendered once (src/lib/pages/item-shell.ts) around the page's markup from the one
 * composition Astro's own route uses too (src/lib/pages/item-page-html.ts). `--inputs-out <file>` records each page's
 * inputs there; with `--previous <site> --inputs <file>` too, a page whose inputs are those the last build recorded is
 * taken from its site instead (item-page-reuse.ts). Runs as its own process, `node scripts/pipeline/item-pages.ts
 * <outDir> [options]`, with env SITE_CONFIG naming the site config Astro read; prints one JSON line with what it wrote.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashCode } from '../core/code-hash.ts';
import { writeKeptList } from '../core/commit-journal.ts';
import type { LinkState } from '../core/link-or-copy.ts';
import { getContentTypes } from '../core/snapshot-format.ts';
import { GUID_PATTERN } from '../core/identifiers.ts';
import { endWithParent } from './child-run.ts';
import { bytesHash, fileStamp } from '../core/file-stamp.ts';
import {
  globalInputs,
  packReads,
  parsePageEntry,
  readPageEntries,
  takePage,
  unpackReads,
  writePageEntries,
  type PageEntry,
} from './item-page-reuse.ts';
import { findItemHistory, loadChanges } from '../../src/lib/changes/site-changes.ts';
import { findDecision } from '../../src/lib/pages/decisions-page.ts';
import { loadHiddenItems } from '../../src/lib/pages/hidden-item-page.ts';
import {
  ITEM_PAGE_KINDS,
  listItemPages,
  renderItemPageHtml,
  type ItemPageTarget,
} from '../../src/lib/pages/item-page-html.ts';
import {
  fillItemShell,
  SHELL_DIR,
  SHELL_FILE,
  splitItemShell,
  type ItemShell,
} from '../../src/lib/pages/item-shell.ts';
import { pageInputs } from '../../src/lib/pages/page-inputs.ts';
import { readSiteConfig } from '../../src/lib/site-config.ts';
import { loadDraftChanges } from '../../src/lib/site-data/load-extras.ts';
import { loadSiteData } from '../../src/lib/site-data/load-site-data.ts';
import { recordReads } from '../../src/lib/site-data/page-reads.ts';
import type { ItemKind } from '../../src/lib/values/reference-target.ts';

export interface ItemPagesSummary {
  /** Content and media item pages. */
  pages: number;
  /** Pending draft and unpublished item pages (src/lib/pages/hidden-item-html.ts). */
  hiddenPages?: number;
  bytes: number;
  millis: number;
  /** Items whose page could not be rendered with their properties, and why: written without them. */
  unshown: Array<{ kind: ItemKind; key: string; reason: string }>;
  /** Pages taken from the previous site (item-page-reuse.ts), of `pages` and `hiddenPages`; absent without one. */
  taken?: number;
  /** Taken pages rendered too and compared (`Reuse.checkEvery`), and those that differed: then none was taken. */
  checked?: number;
  differing?: Array<{ kind: string; key: string }>;
}

export interface Reuse {
  /** Where this build records its pages' inputs. */
  inputsOut: string;
  /** The site the last build wrote (the build's `--out` before this build is swapped in) and its pages' inputs. */
  previous?: { dir: string; inputs: string };
  /** Every this many pages taken, one is rendered too and compared (0 or absent: none). */
  checkEvery?: number;
  /**
   * Where to list the pages taken, a path under the site a line: given, they are left in the last site (which the
   * build then updates in place: in-place-commit.ts), not placed in `outDir`.
   */
  keptOut?: string;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * What every page depends on: the layout, the site config, the content types, the snapshot's languages and source
 * shape, and the code that renders pages.
 */
async function readGlobalInputs(shell: ItemShell): Promise<string> {
  const config = readSiteConfig();
  const data = await loadSiteData();
  const types = await getContentTypes(data.env.snapshotDir);
  return globalInputs({
    shell,
    site: { base: config.base, mediaOrigin: config.mediaOrigin, title: config.title, partition: config.partition },
    types: types.contentTypes,
    languages: data.meta.languages,
    interfaceVariant: data.manifest.interfaceVariant,
    code: hashCode(
      [path.join(ROOT, 'src', 'lib'), path.join(ROOT, 'scripts', 'core')],
      [import.meta.filename, path.join(import.meta.dirname, 'item-page-reuse.ts')],
    ),
  });
}

/** A line as its hash: the same line is the same entry, which need not be parsed to be told apart. */
const lineHash = (line: string | undefined): string | undefined => (line === undefined ? undefined : bytesHash(line));

/**
 * What a page shows besides its reads of the site data: its own draft, decision and history, read by key. Its own
 * record and draft are the hashes of their lines, not the entries: at 100k demo items, parsing, checking and writing
 * out again the 27k hidden items' records (7 KB each) took 1.4 s a night on a slow machine, hashing their lines 0.4 s.
 */
async function pageExtras(target: ItemPageTarget): Promise<unknown> {
  const { kind, key } = target;
  if (kind === 'drafts' || kind === 'unpublished') {
    const record = lineHash((await loadHiddenItems(kind)).line(key));
    return { row: target.row, record, draft: kind === 'drafts' ? lineHash(loadDraftChanges().line(key)) : undefined };
  }
  const history = await findItemHistory(key);
  return {
    draft: kind === 'content' ? lineHash(loadDraftChanges().line(key)) : undefined,
    decision: await findDecision(key),
    history,
    since: history && (await loadChanges())?.from.finishedAt,
  };
}

/**
 * One page, written at once: this process does nothing else meanwhile, and a synchronous write into the page cache
 * costs less than handing it to the thread pool (a promise, a hand-off and a wake-up per call). At 100k items, with
 * `astro build` and the writer alone on 2 cores, the writer took 44.5–44.7 s against 48.4–53.7 s.
 */
function writePage(dir: string, html: Buffer): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), html);
}

/** Pages written between two turns of the event loop. */
const YIELD_EVERY = 256;

/** A page written over a page taken by link: the link is removed first, so the previous site keeps its file. */
function rewritePage(dir: string, html: Buffer): void {
  rmSync(path.join(dir, 'index.html'), { force: true });
  writePage(dir, html);
}

/**
 * What a recording build holds: the global inputs, the answers of this build's site data to pages' reads, and, when
 * taking pages, the last build's site and its entries (none when the file is missing, damaged or made for other
 * global inputs).
 */
async function startRecording(reuse: Reuse, shell: ItemShell) {
  const global = await readGlobalInputs(shell);
  const from = reuse.previous;
  const entries = from === undefined ? undefined : readPageEntries(from.inputs, global);
  return {
    global,
    inputs: pageInputs(await loadSiteData()),
    previous: from === undefined || entries === undefined ? undefined : { dir: from.dir, entries },
  };
}

export async function writeItemPages(
  outDir: string,
  onProgress?: (done: number) => void,
  reuse?: Reuse,
): Promise<ItemPagesSummary> {
  const started = performance.now();
  const shellFile = path.join(outDir, SHELL_FILE);
  const shell = splitItemShell(
    await readFile(shellFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`astro build wrote no item shell at ${shellFile} (${error.code ?? error.message})`);
    }),
  );
  await rm(path.join(outDir, SHELL_DIR), { recursive: true, force: true });
  // With `reuse`: the build's global inputs, this build's answers to pages' reads, and the last build's entries.
  const recording = reuse === undefined ? undefined : await startRecording(reuse, shell);
  const checkEvery = reuse?.checkEvery ?? 0;
  // Each page's entry line, and each page's reason its properties are left out, by page, in the order written.
  const entries = new Map<string, string>();
  const reasons = new Map<string, { kind: ItemKind; key: string; reason: string }>();
  const takenPages: Array<{ target: ItemPageTarget; length: number }> = [];
  const differing: Array<{ kind: string; key: string }> = [];
  let [pages, hiddenPages, bytes, checked] = [0, 0, 0, 0];

  const links: LinkState = { tried: true };
  // The page's title and body in the layout.
  const compose = async (target: ItemPageTarget) => {
    const value = await renderItemPageHtml(target);
    return { value, html: Buffer.from(fillItemShell(shell, value.title, value.body), 'utf8') };
  };
  const render = async (target: ItemPageTarget, extras: unknown, write: (dir: string, html: Buffer) => void) => {
    const page = `${target.kind}/${target.key}`;
    // Reads are noted only for a build that records them: noting costs a string and a set entry per lookup.
    const {
      value: { value, html },
      reads,
    } =
      recording === undefined ? { value: await compose(target), reads: [] } : await recordReads(() => compose(target));
    const dir = path.join(outDir, target.kind, target.key);
    write(dir, html);
    const hidden = target.kind === 'drafts' || target.kind === 'unpublished';
    if (value.unshown !== undefined && !hidden)
      reasons.set(page, { kind: target.kind as ItemKind, key: target.key, reason: value.unshown });
    else reasons.delete(page);
    if (recording !== undefined) {
      const entry: PageEntry = {
        page,
        inputs: recording.inputs.fingerprint(recording.global, extras, reads, target.key),
        bytes: bytesHash(html),
        reads: packReads(target.key, reads),
        ...(value.unshown !== undefined ? { unshown: value.unshown } : {}),
        stamp: fileStamp(path.join(dir, 'index.html')),
      };
      entries.set(page, JSON.stringify(entry));
    }
    return html.length;
  };
  // The last build's page, put in place when its recorded inputs are tonight's: its entry line, parsed, and its length.
  const take = (target: ItemPageTarget, page: string, extras: unknown) => {
    const previous = recording?.previous;
    const line = previous?.entries.get(page);
    const last = line === undefined ? undefined : parsePageEntry(line);
    if (previous === undefined || line === undefined || last === undefined) return undefined;
    const reads = unpackReads(target.key, last.reads);
    if (recording?.inputs.fingerprint(recording.global, extras, reads, target.key) !== last.inputs) return undefined;
    const length = takePage(previous.dir, reuse?.keptOut === undefined ? outDir : undefined, page, last, links);
    return length === undefined ? undefined : { line, last, length };
  };

  for (const kind of ITEM_PAGE_KINDS) {
    const hidden = kind === 'drafts' || kind === 'unpublished';
    for (const target of await listItemPages(kind, 'writer')) {
      // The snapshot format makes every key a GUID; anything else could leave its folder, so it is refused unwritten.
      if (!GUID_PATTERN.test(target.key)) throw new Error(`${kind} key ${JSON.stringify(target.key)} is no GUID`);
      const page = `${kind}/${target.key}`;
      // Read before the page is recorded: what loads on its first call is no read of one page.
      const extras = recording === undefined ? undefined : await pageExtras(target);
      const taken = take(target, page, extras);
      if (taken !== undefined) {
        const { line, last, length } = taken;
        entries.set(page, line);
        if (last.unshown !== undefined && !hidden) reasons.set(page, { kind, key: target.key, reason: last.unshown });
        bytes += length;
        takenPages.push({ target, length });
        // One taken page in `checkEvery` is rendered too: the same bytes, or the inputs missed something it shows.
        if (checkEvery > 0 && takenPages.length % checkEvery === 0) {
          checked++;
          const { html } = await compose(target);
          if (bytesHash(html) !== last.bytes) differing.push({ kind, key: target.key });
        }
      } else bytes += await render(target, extras, writePage);
      if (hidden) hiddenPages++;
      else pages++;
      if (onProgress !== undefined && !hidden && pages % 10000 === 0) onProgress(pages);
      // Now and then the event loop turns, so the end of the build (stdin closing: endWithParent) is heard.
      if ((pages + hiddenPages) % YIELD_EVERY === 0) await setImmediate();
    }
  }
  // A checked page differed: what was taken cannot be trusted, so every taken page is rendered after all.
  if (differing.length > 0)
    for (const [done, { target, length }] of takenPages.entries()) {
      const extras = recording === undefined ? undefined : await pageExtras(target);
      bytes += (await render(target, extras, rewritePage)) - length;
      if (done % YIELD_EVERY === 0) await setImmediate();
    }
  if (reuse !== undefined && recording !== undefined)
    await writePageEntries(reuse.inputsOut, recording.global, [...entries.values()]);
  if (reuse?.keptOut !== undefined)
    writeKeptList(
      reuse.keptOut,
      differing.length > 0 ? [] : takenPages.map(({ target }) => `${target.kind}/${target.key}/index.html`),
    );
  return {
    pages,
    hiddenPages,
    bytes,
    millis: Math.round(performance.now() - started),
    unshown: [...reasons.values()],
    ...(reuse?.previous !== undefined ? { taken: differing.length > 0 ? 0 : takenPages.length } : {}),
    ...(reuse?.previous !== undefined && checkEvery > 0 ? { checked, differing } : {}),
  };
}

if (import.meta.main) {
  endWithParent();
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: {
        'inputs-out': { type: 'string' },
        previous: { type: 'string' },
        inputs: { type: 'string' },
        'check-taken': { type: 'string' },
        'kept-out': { type: 'string' },
      },
    });
    const [outDir] = positionals;
    const { previous, inputs } = values;
    const inputsOut = values['inputs-out'];
    const keptOut = values['kept-out'];
    const check = values['check-taken'] ?? '0';
    if (
      outDir === undefined ||
      (previous === undefined) !== (inputs === undefined) ||
      (inputs && !inputsOut) ||
      (keptOut !== undefined && previous === undefined) ||
      !/^\d{1,7}$/.test(check)
    )
      throw new Error(
        'usage: node scripts/pipeline/item-pages.ts <outDir> [--inputs-out <file> [--previous <site> --inputs <file> ' +
          '[--check-taken N] [--kept-out <file>]]] (env SITE_CONFIG set)',
      );
    const reuse: Reuse | undefined =
      inputsOut === undefined
        ? undefined
        : {
            inputsOut: path.resolve(inputsOut),
            ...(previous !== undefined && inputs !== undefined
              ? { previous: { dir: path.resolve(previous), inputs: path.resolve(inputs) } }
              : {}),
            checkEvery: Number(check),
            ...(keptOut !== undefined ? { keptOut: path.resolve(keptOut) } : {}),
          };
    const summary = await writeItemPages(
      path.resolve(outDir),
      (done) => process.stderr.write(`item pages: ${done} written\n`),
      reuse,
    );
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stderr.write(`item pages: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
