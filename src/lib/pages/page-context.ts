/** The value context pages use: references resolve against the whole snapshot and link to its pages. */
import type { SiteData } from '../site-data/load-site-data.ts';
import { itemHref } from '../site-paths.ts';
import type { ValueContext } from '../values/value-context.ts';

const contexts = new WeakMap<SiteData, ValueContext>();

export function getValueContext(data: SiteData): ValueContext {
  let ctx = contexts.get(data);
  if (ctx === undefined) {
    ctx = {
      lookup: data.lookup,
      hrefOf: (target) => itemHref(target.kind, target.key),
      findByUrl: (url) => data.lookup.findByUrl(url),
      elementType: (element) => data.types.elementType(element),
      areaAlias: (key) => data.types.areaAlias(key),
    };
    contexts.set(data, ctx);
  }
  return ctx;
}

export interface LinkItem {
  name: string;
  href: string;
  note?: string;
}
