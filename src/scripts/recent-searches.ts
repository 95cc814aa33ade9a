/**
 * The search page's last few text searches, by query. Ticking a filter, or typing a word back, filters hits already
 * in hand instead of asking every bundle again: at a million items a search for a common word costs 160–220 ms of
 * Pagefind's work in 42 bundles even with every chunk loaded, and filtering its hits a few milliseconds.
 */
export function recentSearches<T>(limit: number, search: (q: string) => Promise<T>): (q: string) => Promise<T> {
  const recent = new Map<string, Promise<T>>();
  return (q) => {
    let found = recent.get(q);
    if (found !== undefined) recent.delete(q);
    else {
      found = search(q);
      // A failed search is not kept: the next one asks again.
      found.catch(() => {
        if (recent.get(q) === found) recent.delete(q);
      });
      for (const oldest of recent.keys()) {
        if (recent.size < limit) break;
        recent.delete(oldest);
      }
    }
    recent.set(q, found);
    return found;
  };
}
