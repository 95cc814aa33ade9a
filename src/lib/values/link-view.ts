/** Multi URL picker entries (v8–v13 `{name, udi, url, target}`, v14+ `{name, unique, type, url}`) as safe links. */
import { extractReferences } from './references.ts';
import { classifyUrl } from './safe-url.ts';
import { toRefView, type ValueContext } from './value-context.ts';

export interface LinkView {
  name: string;
  url: string;
  href?: string;
  internal: boolean;
  broken: boolean;
}

export function describeLinks(entries: unknown[], ctx: ValueContext): LinkView[] {
  return entries.map((entry) => {
    const o = (typeof entry === 'object' && entry !== null ? entry : { url: String(entry) }) as Record<string, unknown>;
    const name = typeof o.name === 'string' ? o.name : '';
    const url = typeof o.url === 'string' ? o.url : '';
    const ref = extractReferences(o)[0];
    if (ref !== undefined) {
      const view = toRefView(ref, ctx);
      return {
        name: name || view.target?.name || ref.raw,
        url: url || ref.raw,
        internal: true,
        broken: !view.target,
        ...(view.target ? { href: view.target.href } : {}),
      };
    }
    const kind = classifyUrl(url);
    const target = kind === 'relative' ? ctx.findByUrl(url.trim()) : undefined;
    const href = kind === 'absolute' ? url.trim() : target ? ctx.hrefOf(target) : undefined;
    return { name: name || url, url, internal: target !== undefined, broken: false, ...(href ? { href } : {}) };
  });
}
