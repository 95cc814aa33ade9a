/** The order of the search page's first page of results: items named like the query first, content before media. */
import type { PagefindResultData } from './pagefind-api.ts';
import { queryWords } from './search-query.ts';

/** A result to show: Pagefind's, or an exact lookup's with its data in hand. */
export interface Result {
  url?: string;
  data(): Promise<PagefindResultData>;
}

/** Of the first page, items named like the query come first, content before media and types; else Pagefind's order. */
export async function rerank(head: readonly Result[], q: string): Promise<Result[]> {
  const words = queryWords(q);
  const loaded = await Promise.all(
    head.map(async (r) => {
      const data = await r.data();
      const title = (data.meta?.title ?? '').toLowerCase();
      const named = words.length > 0 && words.every((w) => title.includes(w));
      const kind = data.meta?.kind;
      return { url: data.url, data: async () => data, rank: named ? (kind === 'content' ? 0 : 1) : 2 };
    }),
  );
  return loaded
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.rank - b.r.rank || a.i - b.i)
    .map(({ r: { url, data } }) => ({ url, data }));
}
