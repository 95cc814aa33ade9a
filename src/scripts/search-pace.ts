/**
 * When the search page searches for the text being typed. While searches are quick, at every keystroke; once a search
 * took longer than `SLOW_MS`, and always in an index of `PACED_PAGES` pages or more, only when typing pauses for
 * `PAUSE_MS`. A text changed whole, pasted or filled in, is searched at once. Pagefind searches on
 * the page's own thread and a search cannot be stopped once started: at a million items, where a common word takes
 * 1–2 s, typing "Urban bicycle and coffee" at 120 ms a key took 5–18 s to appear in the box, keys waiting behind
 * searches for "Ur", "Urb" and so on.
 */

/** A search that took Pagefind longer than this makes the next ones wait for a pause in typing. */
export const SLOW_MS = 250;
/** The pause in typing that starts a search once searches are slow. */
export const PAUSE_MS = 300;
/**
 * Pages in the index from which typing always waits for a pause: at 300k items a common word took Pagefind 1 s, and at
 * 200k items (156,372 pages) the word index's searches of partial words ("o", "op"), each under `SLOW_MS`, held keys
 * typed at 120 ms back by 0.9 s in all.
 */
export const PACED_PAGES = 100_000;

export interface SearchPace {
  /** The text changed, by a key (`key`) or whole (pasted, filled in by the browser): search now, or once typing
   * pauses. */
  typed(key: boolean): void;
  /** Search now (Enter, a filter ticked), dropping a search waiting for a pause. */
  now(): void;
  /** How long Pagefind took for the last text it searched, in milliseconds (a search answered from hits in hand is
   * no measure of the next). */
  took(ms: number): void;
  /** Whether a search waits for a pause in typing. */
  readonly waiting: boolean;
}

export function searchPace(search: () => void, pages: number, slowMs = SLOW_MS, pauseMs = PAUSE_MS): SearchPace {
  let slow = pages >= PACED_PAGES;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const now = () => {
    drop();
    search();
  };
  return {
    typed(key) {
      if (!slow || !key) return now();
      drop();
      timer = setTimeout(now, pauseMs);
    },
    now,
    took(ms) {
      slow = pages >= PACED_PAGES || ms > slowMs;
    },
    get waiting() {
      return timer !== undefined;
    },
  };
}
