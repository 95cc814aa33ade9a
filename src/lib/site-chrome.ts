/** What the layout puts around every page, the same on each: worked out once per site config, not once per page. */
import { buildCsp } from './csp.ts';
import { readSiteConfig, type SiteConfig } from './site-config.ts';
import { getSiteEnv } from './site-env.ts';
import { href } from './site-paths.ts';

export interface SiteChrome {
  csp: string;
  siteTitle: string;
  homeHref: string;
  searchHref: string;
  nav: Array<[href: string, label: string]>;
}

const NAV = [
  ['content/', 'Content'],
  ['media/', 'Media'],
  ['types/', 'Types'],
  ['inventories/', 'Inventories'],
  ['changes/', 'Changes'],
  ['mapping/', 'Mapping'],
  ['search/', 'Search'],
] as const;

const chromes = new WeakMap<SiteConfig, SiteChrome>();

export function getSiteChrome(): SiteChrome {
  const config = readSiteConfig();
  let chrome = chromes.get(config);
  if (chrome === undefined) {
    const env = getSiteEnv();
    chrome = {
      csp: buildCsp(env.mediaOrigin),
      siteTitle: env.title ?? 'CMS snapshot',
      homeHref: href(),
      searchHref: href('search/'),
      nav: NAV.map(([path, label]) => [href(path), label]),
    };
    chromes.set(config, chrome);
  }
  return chrome;
}
