/**
 * How many levels one tree answer may span. The interface has no paging, only `maxLevel`, so the crawler walks each
 * tree in windows (`maxLevel` = level + k) and picks k from what it has measured: the bytes per node of the answers
 * so far and the mean number of children per node at each level. A window widens while its predicted answer stays
 * under the target and narrows, in proportion, when an answer comes out over twice the target or over half the cap;
 * one level (an item with its children) is the narrowest there is.
 */

/** Answers a window aims to stay under, unless the cap is small (then an eighth of the cap). */
export const WINDOW_TARGET_BYTES = 1 << 20;
/** The widest window: deeper trees take more windows. */
export const MAX_WINDOW = 32;
/** Assumed before any answer is measured. */
const FIRST_BYTES_PER_NODE = 512;
const FIRST_BRANCHING = 8;

export interface WindowStats {
  /** How many window answers each width had, by width. */
  widths: Map<number, number>;
  /** Windows asked again, narrower, after an answer too close to or over the cap. */
  narrowed: number;
  /** Windows asked again, wider, after an answer well under the target (plan/tree-fetch.ts). */
  widened: number;
}

export interface WindowSizer {
  /** The width for a window from an item at `level`. */
  choose(level: number): number;
  /** What one answer showed: its size, its nodes, and per level how many nodes listed how many children. */
  measure(answer: WindowAnswer): void;
  /** After an answer over the cap: the width to ask again with (1, or undefined when already 1). */
  narrowAfterRefusal(level: number, width: number): number | undefined;
  /** Bytes per node of the answers measured so far. */
  bytesPerNode(): number;
  readonly stats: WindowStats;
  readonly target: number;
  /** Past this, a window of more than one level is refused and asked again with one: four times the target. */
  readonly windowCap: number;
}

export interface WindowAnswer {
  level: number;
  width: number;
  bytes: number;
  nodes: number;
  /** Per absolute level: nodes whose children the answer listed, and those children. */
  expanded: Map<number, { parents: number; children: number }>;
}

/** `note` hears each narrowing, for --verbose. */
export function createWindowSizer(maxAnswerBytes: number, note: (line: string) => void = () => {}): WindowSizer {
  const target = Math.max(1, Math.min(WINDOW_TARGET_BYTES, Math.floor(maxAnswerBytes / 8)));
  const windowCap = Math.min(maxAnswerBytes, 4 * target);
  const parents = new Map<number, number>();
  const children = new Map<number, number>();
  /** The widest window still allowed from a level, after answers from it came out too large. */
  const widest = new Map<number, number>();
  const stats: WindowStats = { widths: new Map(), narrowed: 0, widened: 0 };
  let bytes = 0;
  let nodes = 0;

  function branching(level: number): number {
    const listed = parents.get(level) ?? 0;
    if (listed > 0) return (children.get(level) ?? 0) / listed;
    let most = 0;
    for (const [at, count] of parents) most = Math.max(most, (children.get(at) ?? 0) / count);
    return parents.size === 0 ? FIRST_BRANCHING : Math.max(1, most);
  }

  const bytesPerNode = (): number => (nodes === 0 ? FIRST_BYTES_PER_NODE : bytes / nodes);

  function choose(level: number): number {
    const perNode = bytesPerNode();
    const limit = Math.min(MAX_WINDOW, widest.get(level) ?? MAX_WINDOW);
    let width = 1;
    let atDepth = branching(level);
    let total = 1 + atDepth;
    while (width < limit) {
      const deeper = atDepth * branching(level + width);
      if ((total + deeper) * perNode > target) break;
      atDepth = deeper;
      total += deeper;
      width += 1;
    }
    return width;
  }

  function measure(answer: WindowAnswer): void {
    bytes += answer.bytes;
    nodes += answer.nodes;
    stats.widths.set(answer.width, (stats.widths.get(answer.width) ?? 0) + 1);
    for (const [level, seen] of answer.expanded) {
      parents.set(level, (parents.get(level) ?? 0) + seen.parents);
      children.set(level, (children.get(level) ?? 0) + seen.children);
    }
    const close = answer.bytes > maxAnswerBytes / 2;
    if (answer.width > 1 && (close || answer.bytes > 2 * target)) {
      // In proportion to the overshoot, by one level at least.
      const scaled = Math.floor((answer.width * target) / answer.bytes);
      const narrower = Math.max(1, Math.min(widest.get(answer.level) ?? MAX_WINDOW, answer.width - 1, scaled));
      widest.set(answer.level, narrower);
      note(
        `window from level ${answer.level} narrowed to ${narrower} level${narrower === 1 ? '' : 's'}: ` +
          `an answer of ${answer.width} levels took ${answer.bytes} bytes` +
          (close ? `, over half of --max-answer-bytes ${maxAnswerBytes}` : ` (target ${target})`),
      );
    }
  }

  function narrowAfterRefusal(level: number, width: number): number | undefined {
    if (width <= 1) return undefined;
    widest.set(level, Math.max(1, Math.floor(width / 2)));
    stats.narrowed += 1;
    note(`window from level ${level} of ${width} levels was over ${windowCap} bytes; asking for 1`);
    return 1;
  }

  return { choose, measure, narrowAfterRefusal, bytesPerNode, stats, target, windowCap };
}

/** For the report: the window target, how many windows of each width were asked for, and how many were narrowed. */
export function describeWindows(sizers: WindowSizer[]) {
  const widths = new Map<number, number>();
  for (const sizer of sizers)
    for (const [width, count] of sizer.stats.widths) widths.set(width, (widths.get(width) ?? 0) + count);
  return {
    windowTargetBytes: sizers[0]?.target ?? WINDOW_TARGET_BYTES,
    windows: Object.fromEntries([...widths].sort(([a], [b]) => a - b).map(([width, n]) => [String(width), n])),
    narrowed: sizers.reduce((sum, sizer) => sum + sizer.stats.narrowed, 0),
    widened: sizers.reduce((sum, sizer) => sum + sizer.stats.widened, 0),
  };
}
