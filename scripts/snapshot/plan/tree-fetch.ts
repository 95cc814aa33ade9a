/**
 * Each root's tree, asked for in windows so that no answer grows with the site: the root with its descendants down
 * to `maxLevel` = 1 + k, then each item at the window's last level (the frontier, whose children are not listed)
 * with its own window, and so on down. Each window's children are grafted onto the frontier node they belong to, so
 * the result is the tree one whole-tree answer would have held, and the flattener walks it as before. A window's
 * answer is also its item's full item: it is kept for the item crawl, which then does not ask for it again, so the
 * windows add no requests. A node's children always come in one answer; only an item whose children alone are over
 * the cap fails, and then only its subtree is missing.
 */
import { createLimiter } from '../client/limiter.ts';
import type { CrawlLog } from '../crawl-log.ts';
import type { ReadClient, RootTree, TreeWindow } from '../client/read-client.ts';
import type { ItemKind } from '../../core/snapshot-format.ts';
import type { ItemCore } from '../answers/source-schemas.ts';
import { MAX_WINDOW, type WindowAnswer, type WindowSizer } from './tree-windows.ts';
import type { PrefetchedItems } from './prefetched-items.ts';
import type { Progress } from '../progress.ts';

export interface TreeFetchDeps {
  read: ReadClient;
  log: CrawlLog;
  sizer: WindowSizer;
  prefetched: PrefetchedItems;
  /** Windows asked for at once (the HTTP client bounds requests on its own as well). */
  concurrency: number;
  maxAnswerBytes: number;
  /** Counts windows as they are found and answered. */
  progress: Pick<Progress, 'grow' | 'tick'>;
}

/** No Umbraco tree is this deep: items below it are taken as leaves, as whole-tree answers asked for this many. */
const MAX_TREE_LEVEL = 10_000;

/** A window is asked for again wider when its answer is under 1/WIDEN_BELOW of the target... */
const WIDEN_BELOW = 2;
/** ...and at least this many items at its last level would otherwise each be a window of their own. */
const WIDEN_FRONTIER = 16;

type RawNode = Record<string, unknown>;

interface Frontier {
  id: number;
  level: number;
  node: RawNode;
}

interface Measured {
  window: TreeWindow;
  /** The nodes at the window's last level, whose children it leaves out. */
  below: Frontier[];
}

export interface TreeFetcher {
  fetchTree(rootId: number): Promise<RootTree | undefined>;
  /** Window requests made, those asked again narrower or wider included. */
  readonly requests: number;
}

export function createTreeFetcher(kind: ItemKind, deps: TreeFetchDeps): TreeFetcher {
  const limiter = createLimiter(deps.concurrency);
  /** Ids asked for: their children once answered, or the nodes waiting for them. */
  const asked = new Map<number, { children?: unknown; waiting: RawNode[] }>();
  /** Per level, the first window asked from it: the others wait for its answer, so they are sized by what it showed. */
  const scouts = new Map<number, Promise<void>>();
  let requests = 0;

  /** One window, measured before the windows waiting on it are sized; with the nodes at its last level. */
  async function fetchMeasured(frontier: Omit<Frontier, 'node'>): Promise<Measured | undefined> {
    const scout = scouts.get(frontier.level);
    deps.progress.grow(1);
    let done = (): void => {};
    if (scout === undefined) scouts.set(frontier.level, new Promise<void>((resolve) => (done = resolve)));
    else await scout;
    try {
      return await limiter.run(() => fetchWidened(frontier));
    } finally {
      deps.progress.tick();
      done();
    }
  }

  /**
   * A window, measured; asked for again wider while its answer is well under the target yet leaves many items at its
   * last level: before anything is measured windows are narrow, and each such item would be a window of its own (at
   * 2,000 demo items, 594 window requests instead of 30). Only the widest answer is kept.
   */
  async function fetchWidened(frontier: Omit<Frontier, 'node'>): Promise<Measured | undefined> {
    let got = await fetchWindow(frontier);
    for (;;) {
      if (got === undefined) return undefined;
      const below: Frontier[] = [];
      const answer = scan(got.window.root.children, frontier.level, frontier.level + got.width, below);
      deps.sizer.measure({ ...answer, level: frontier.level, width: got.width, bytes: got.window.bytes });
      const small = got.window.bytes < deps.sizer.target / WIDEN_BELOW && below.length >= WIDEN_FRONTIER;
      // One level more at least: the sizer assumes the widest branching seen for levels it has not seen yet, and
      // an answer that runs past the window cap is cut short, so trying costs one bounded answer.
      const next = Math.max(deps.sizer.choose(frontier.level), got.width + 1);
      const wider = small ? Math.min(next, MAX_WINDOW, MAX_TREE_LEVEL - frontier.level) : 0;
      if (wider <= got.width) return { window: got.window, below };
      requests += 1;
      deps.sizer.stats.widened += 1;
      const maxLevel = frontier.level + wider;
      const again = await deps.read.findWindow(kind, frontier.id, maxLevel, deps.sizer.windowCap);
      if (again === undefined || 'tooLarge' in again) return { window: got.window, below };
      got = { window: again, width: wider };
    }
  }

  async function fetchWindow(
    frontier: Omit<Frontier, 'node'>,
  ): Promise<{ window: TreeWindow; width: number } | undefined> {
    let width = deps.sizer.choose(frontier.level);
    for (;;) {
      requests += 1;
      // A window wider than one level that comes out far over its target is cut short and asked again narrower.
      const maxLevel = Math.min(frontier.level + width, MAX_TREE_LEVEL);
      const cut = width > 1 ? deps.sizer.windowCap : undefined;
      const answer = await deps.read.findWindow(kind, frontier.id, maxLevel, cut);
      if (answer === undefined) return undefined;
      if (!('tooLarge' in answer)) return { window: answer, width };
      const narrower = deps.sizer.narrowAfterRefusal(frontier.level, width);
      if (narrower === undefined) return void refuse(frontier, answer.tooLarge);
      width = narrower;
    }
  }

  function refuse(
    frontier: Omit<Frontier, 'node'>,
    outcome: { url: string; status: number; attempts: number; message: string },
  ) {
    const declared = /answer of (\d+) bytes/.exec(outcome.message)?.[1];
    const about =
      declared === undefined
        ? ''
        : ` (about ${Math.round(Number(declared) / deps.sizer.bytesPerNode())} children by its size)`;
    deps.log.addFailure({
      url: outcome.url,
      operation: kind === 'media' ? 'GetMediaById' : 'GetContentById',
      id: frontier.id,
      status: outcome.status,
      attempts: outcome.attempts,
      message:
        `${kind} item ${frontier.id} at level ${frontier.level} with its children${about} is over ` +
        `--max-answer-bytes ${deps.maxAnswerBytes} (${outcome.message}); the read interface has no paging, so ` +
        `the items below it are not in the snapshot`,
    });
  }

  async function expand(frontier: Frontier): Promise<void> {
    if (frontier.level >= MAX_TREE_LEVEL) return;
    const known = asked.get(frontier.id);
    if (known !== undefined) {
      if ('children' in known) frontier.node.children = known.children;
      else known.waiting.push(frontier.node);
      return;
    }
    const entry: { children?: unknown; waiting: RawNode[] } = { waiting: [frontier.node] };
    asked.set(frontier.id, entry);
    const got = await fetchMeasured(frontier);
    if (got === undefined) return;
    const { window, below } = got;
    deps.prefetched.keep(window.root);
    entry.children = window.root.children;
    for (const node of entry.waiting) node.children = window.root.children;
    entry.waiting = [];
    await Promise.all(below.map(expand));
  }

  async function fetchTree(rootId: number): Promise<RootTree | undefined> {
    asked.set(rootId, { waiting: [] });
    const got = await fetchMeasured({ id: rootId, level: 1 });
    if (got === undefined) return undefined;
    deps.prefetched.keep(got.window.root);
    (asked.get(rootId) as { children?: unknown }).children = got.window.root.children;
    await Promise.all(got.below.map(expand));
    return got.window;
  }

  return {
    fetchTree,
    get requests() {
      return requests;
    },
  };
}

/** Counts the nodes of one answer and the children listed per level, and finds the nodes at its last level. */
function scan(
  children: ItemCore['children'],
  level: number,
  maxLevel: number,
  frontier: Frontier[],
): Omit<WindowAnswer, 'level' | 'width' | 'bytes'> {
  const expanded = new Map<number, { parents: number; children: number }>();
  let nodes = 1;
  const stack: Array<[unknown, number]> = [[children, level]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [list, parentLevel] = top;
    if (!Array.isArray(list)) continue;
    const seen = expanded.get(parentLevel) ?? { parents: 0, children: 0 };
    seen.parents += 1;
    seen.children += list.length;
    expanded.set(parentLevel, seen);
    nodes += list.length;
    for (const node of list as unknown[]) {
      if (node === null || typeof node !== 'object') continue;
      const raw = node as RawNode;
      if (Array.isArray(raw.children)) stack.push([raw.children, parentLevel + 1]);
      else if (!('children' in raw) && parentLevel + 1 >= maxLevel && Number.isSafeInteger(raw.id))
        frontier.push({ id: raw.id as number, level: parentLevel + 1, node: raw });
    }
  }
  return { nodes, expanded };
}
