/**
 * Item pages written outside Astro's page loop. Nearly every page of a site is an item page, and Astro's own work per
 * page (request, response, streaming, a component tree) cost as much as the page itself. So a build renders the site
 * layout once through Astro, with a marker where the title goes and one where the page body goes
 * (pages/item-shell/[shell].astro), and scripts/pipeline/item-pages.ts writes each item page as that layout around the
 * page's title and body from item-page-html.ts. Astro's own item route (pages/[kind]/[key]/index.astro) places the
 * same two strings in the same layout, so the bytes are the same; `npm run build -- --astro-item-pages` renders every
 * item page through it instead.
 */
import { readSiteConfig } from '../site-config.ts';
import { escapeAsAstro } from './html-escape.ts';

/** Plain text, so Astro writes it into the <title> unchanged. */
export const SHELL_TITLE = 'ITEM-SHELL-TITLE-7f3a';
/** A comment, placed with set:html, so no whitespace rule of Astro's touches it. */
export const SHELL_BODY = '<!--ITEM-SHELL-BODY-7f3a-->';
/** The one value of the shell route's parameter, and so the shell page's place in the output. */
export const SHELL_PARAM = 'layout';
export const SHELL_DIR = 'item-shell';
export const SHELL_FILE = `${SHELL_DIR}/${SHELL_PARAM}/index.html`;

export interface ItemShell {
  /** Up to the title. */
  readonly head: string;
  /** From the title to the page body. */
  readonly middle: string;
  /** After the page body. */
  readonly tail: string;
}

/** Whether this build writes item pages with the item page writer (set by the build; `astro dev` never does). */
export const writesItemPages = (): boolean => readSiteConfig().itemPageWriter === true;

export function splitItemShell(html: string): ItemShell {
  const titled = html.split(SHELL_TITLE);
  if (titled.length !== 2)
    throw new Error(`the item shell holds its title marker ${titled.length - 1} times, not once`);
  const bodied = (titled[1] as string).split(SHELL_BODY);
  if (bodied.length !== 2 || (titled[0] as string).includes(SHELL_BODY))
    throw new Error('the item shell does not hold its body marker once, after the title');
  return { head: titled[0] as string, middle: bodied[0] as string, tail: bodied[1] as string };
}

/** The page: the layout with the item's name as its title (escaped as Astro escapes it) around the body markup. */
export function fillItemShell(shell: ItemShell, title: string, body: string): string {
  return shell.head + escapeAsAstro(title) + shell.middle + body + shell.tail;
}
