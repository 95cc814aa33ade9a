/**
 * The parts of Pagefind's browser API (`pagefind/pagefind.js`, written by the build) the search page uses. Pagefind
 * ships no types for this file; these follow its documented JS API.
 */
export interface PagefindResultData {
  url: string;
  excerpt?: string;
  meta?: { title?: string; kind?: string; breadcrumbs?: string; vocabulary?: string };
  filters?: Record<string, string[]>;
}

export interface PagefindResult {
  /** The page's hash, unique within its bundle. */
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindOptions {
  basePath?: string;
  baseUrl?: string;
  excerptLength?: number;
  noWorker?: boolean;
}

export interface Pagefind {
  options(options: PagefindOptions): Promise<void>;
  mergeIndex(indexPath: string, options?: { baseUrl?: string }): Promise<void>;
  init(): Promise<void>;
  /** `null` lists every page (with filters, or none). */
  search(term: string | null): Promise<{ results: PagefindResult[] }>;
  preload(term: string): Promise<void>;
}

/** Loads the site's Pagefind module from `<base>pagefind/` at run time (it is written after the pages are bundled). */
export async function loadPagefind(base: string): Promise<Pagefind> {
  return (await import(/* @vite-ignore */ `${base}pagefind/pagefind.js`)) as Pagefind;
}
