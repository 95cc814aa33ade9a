/**
 * The site's languages and domains as the snapshot tells them: the configured languages and domains from the source's
 * extras where it offered them, otherwise the languages its items carry; the default language from the extras, or else
 * the language whose URL the items' own `url` repeats (a source answers with the default language's URL and name);
 * and whether any content type or item varies by culture, which decides where the "default language only" note applies.
 */
import type { ContentTypeRecord } from '#core/snapshot-format.ts';
import type { ExtraRow, ExtrasSummary } from '../site-data/extras-format.ts';
import { loadExtraRows, loadExtras } from '../site-data/load-extras.ts';
import { loadSiteData } from '../site-data/load-site-data.ts';
import type { SiteNode } from '../site-data/site-data-format.ts';

export interface SiteLanguage {
  iso: string;
  name?: string;
  isDefault: boolean;
  /** Culture-variant items that have this language. */
  variantItems: number;
}

export interface SiteLanguages {
  languages: SiteLanguage[];
  /** `extras`: the source's own list of languages; `items`: only the languages items carry are known. */
  languagesFrom: 'extras' | 'items';
  defaultLanguage: string | undefined;
  /** Domain rows (hostnames, paths and wildcards), when the source offered its domains. */
  domains: number | undefined;
  /** Content types that vary by culture, when the source says per type (deployed plugins do not). */
  variantTypes: number | undefined;
  variantItems: number;
  /** No item came with per-language data although languages may differ: figures are the default language's. */
  defaultLanguageOnly: boolean;
}

export interface LanguageInput {
  nodes: readonly SiteNode[];
  contentTypes: readonly ContentTypeRecord[];
  /** Whether the source offered its languages and domains, its languages' rows, and how many domain rows it has. */
  extras: {
    status: Pick<ExtrasSummary['status'], 'languages' | 'domains'>;
    languages: readonly ExtraRow[];
    domains: number;
  };
}

const sameIso = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The language whose URL most culture-variant items give as their own `url`. */
function inferDefault(nodes: readonly SiteNode[]): string | undefined {
  const votes = new Map<string, number>();
  for (const n of nodes) {
    if (!n.url || n.urls === undefined) continue;
    for (const [iso, url] of Object.entries(n.urls)) if (url === n.url) votes.set(iso, (votes.get(iso) ?? 0) + 1);
  }
  return [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

function countVariantTypes(types: readonly ContentTypeRecord[]): number | undefined {
  const told = types.filter((t) => typeof (t as Record<string, unknown>).variesByCulture === 'boolean');
  if (told.length === 0) return undefined;
  return told.filter((t) => (t as Record<string, unknown>).variesByCulture === true).length;
}

export function describeLanguages({ nodes, contentTypes, extras }: LanguageInput): SiteLanguages {
  const perLanguage = new Map<string, number>();
  let variantItems = 0;
  for (const n of nodes) {
    if (n.kind !== 'content' || n.cultures.length === 0) continue;
    variantItems += 1;
    for (const iso of n.cultures) perLanguage.set(iso, (perLanguage.get(iso) ?? 0) + 1);
  }
  const configured = extras.status.languages === 'offered' ? extras.languages : [];
  const fromExtras = configured.length > 0;
  const marked = configured.find((l) => l.isDefault === true);
  const defaultLanguage = fromExtras ? (marked ? String(marked.isoCode) : undefined) : inferDefault(nodes);
  const isoList = fromExtras ? configured.map((l) => String(l.isoCode)) : [...perLanguage.keys()].sort();
  const languages = isoList.map((iso) => {
    const row = configured.find((l) => sameIso(String(l.isoCode), iso));
    const items = [...perLanguage].filter(([i]) => sameIso(i, iso)).reduce((sum, [, count]) => sum + count, 0);
    return {
      iso,
      ...(typeof row?.name === 'string' && row.name !== '' ? { name: row.name } : {}),
      isDefault: defaultLanguage !== undefined && sameIso(iso, defaultLanguage),
      variantItems: items,
    };
  });
  const variantTypes = countVariantTypes(contentTypes);
  const nothingVaries = variantTypes === 0 || (fromExtras && configured.length <= 1);
  return {
    languages,
    languagesFrom: fromExtras ? 'extras' : 'items',
    defaultLanguage,
    domains: extras.status.domains === 'offered' ? extras.domains : undefined,
    variantTypes,
    variantItems,
    defaultLanguageOnly: variantItems === 0 && !nothingVaries,
  };
}

/** "en-US (default), da, es", or "–" when no language is known. */
export const languageList = (info: SiteLanguages): string =>
  info.languages.length === 0
    ? '–'
    : info.languages.map((l) => `${l.iso}${l.isDefault ? ' (default)' : ''}`).join(', ');

let cached: Promise<SiteLanguages> | undefined;

export function getSiteLanguages(): Promise<SiteLanguages> {
  cached ??= Promise.all([loadSiteData(), loadExtras(), loadExtraRows('languages')]).then(
    ([data, summary, languages]) =>
      describeLanguages({
        nodes: data.lookup.nodes,
        contentTypes: data.types.list,
        extras: { status: summary.status, languages, domains: summary.counts.domains },
      }),
  );
  return cached;
}
