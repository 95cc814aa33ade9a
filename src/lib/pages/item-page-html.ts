/**
 * Every item page, composed once: content and media items (item-html.ts), pending drafts and unpublished items
 * (hidden-item-html.ts), each as its title and its body markup. The item page writer (scripts/pipeline/item-pages.ts)
 * places them in the item shell; with `--astro-item-pages` the route src/pages/[kind]/[key]/index.astro places the
 * same strings in the same layout. A change to an item page goes into these modules, never into an `.astro` file.
 */
import { listHiddenPages, renderHiddenPage, type HiddenKind, type HiddenPage } from './hidden-item-html.ts';
import { renderItemPage } from './item-html.ts';
import { getItemPage, listItemNodes } from './item-page.ts';
import type { ItemKind } from '../values/reference-target.ts';

export const ITEM_PAGE_KINDS = ['content', 'media', 'drafts', 'unpublished'] as const satisfies ReadonlyArray<
  ItemKind | HiddenKind
>;
export type ItemPageKind = (typeof ITEM_PAGE_KINDS)[number];
export type ItemPageTarget = { kind: ItemKind; key: string } | HiddenPage;

export interface ItemPageHtml {
  /** The page's name, for the layout's `<title>`. */
  title: string;
  body: string;
  /** Why the item's properties are left out, when rendering them failed: the page says so, the build reports it. */
  unshown?: string;
}

/** The item pages of `kind` this build renders (its partition's share): the writer's, or Astro's when it is off. */
export async function listItemPages(kind: ItemPageKind, renderer: 'astro' | 'writer'): Promise<ItemPageTarget[]> {
  if (kind === 'drafts' || kind === 'unpublished') return listHiddenPages(kind, renderer);
  return (await listItemNodes(kind, renderer)).map((node) => ({ kind, key: node.key }));
}

const isHidden = (target: ItemPageTarget): target is HiddenPage =>
  target.kind === 'drafts' || target.kind === 'unpublished';

/** The page; an item whose properties cannot be rendered is shown without them, and `unshown` says why. */
export async function renderItemPageHtml(target: ItemPageTarget): Promise<ItemPageHtml> {
  if (isHidden(target)) return renderHiddenPage(target);
  const { kind, key } = target;
  try {
    const page = await getItemPage(kind, key);
    return { title: page.node.name, body: renderItemPage(page) };
  } catch (error) {
    const unshown = `could not be rendered (${(error as Error).message?.split('\n')[0]?.slice(0, 200)})`;
    const page = await getItemPage(kind, key, unshown);
    return { title: page.node.name, body: renderItemPage(page), unshown };
  }
}
