import type { StoredSegment, UrlNameValue } from '../readers/document-reader.ts';
import type { Domain, Language } from '../readers/language-reader.ts';
import { toUrlSegment } from '../../core/url-segment.ts';
import { groupBy } from './group-by.ts';
import type { TreeNode } from './tree.ts';

export interface UrlOptions {
  hideTopLevelNodeFromPath: boolean;
  addTrailingSlash: boolean;
  /** v15+ only accepts a domain of the requested culture; earlier route builders take any domain on the node. */
  domainMustMatchCulture: boolean;
}

/** Umbraco's answer for a document that has no route in a culture. */
export const NO_URL = '#';

/** Segments and routes as Umbraco builds them (schema guide §6.1 and §6.3). */
export class UrlBuilder {
  readonly #documents: Map<number, TreeNode>;
  readonly #defaultLanguageId: number | undefined;
  readonly #isoCodes: Map<number, string>;
  readonly #domainsByRoot: Map<number, Domain[]>;
  readonly #stored: Map<string, StoredSegment[]>;
  readonly #urlNames: Map<number, UrlNameValue[]>;
  readonly #options: UrlOptions;
  readonly #urls = new Map<string, string>();

  constructor(
    documents: Map<number, TreeNode>,
    languages: Language[],
    domains: Domain[],
    stored: StoredSegment[],
    urlNames: UrlNameValue[],
    options: UrlOptions,
  ) {
    this.#documents = documents;
    this.#defaultLanguageId = languages.find((l) => l.isDefault)?.id;
    this.#isoCodes = new Map(languages.map((l) => [l.id, l.isoCode]));
    this.#options = options;
    this.#domainsByRoot = groupBy(domains, (d) => d.rootId);
    this.#stored = groupBy(stored, (s) => s.key);
    this.#urlNames = groupBy(urlNames, (u) => u.versionId);
  }

  /** The published segment of a document in a language: stored (v15+) when Umbraco persisted one, else computed. */
  segment(node: TreeNode, languageId: number | undefined): string {
    const stored = this.#stored.get(node.key);
    if (stored && stored.length > 0) {
      const match =
        stored.find((s) => s.languageId === (languageId ?? null)) ??
        stored.find((s) => s.languageId === null) ??
        (node.cultures.length === 0 ? stored[0] : undefined);
      if (match) return match.segment;
    }
    const variant = node.cultures.length > 0;
    const urlNames = this.#urlNames.get(node.versionId) ?? [];
    // A culture-variant document may still carry an invariant umbracoUrlName; never another culture's.
    const urlName =
      (variant ? urlNames.find((u) => u.languageId === languageId) : undefined) ??
      urlNames.find((u) => u.languageId === null);
    const name = variant ? (node.cultures.find((c) => c.languageId === languageId)?.name ?? node.name) : node.name;
    return toUrlSegment(urlName?.value ?? name, { culture: this.#isoCodes.get(languageId ?? -1) });
  }

  url(node: TreeNode, languageId: number | undefined = this.#defaultLanguageId): string {
    const cacheKey = `${node.id}:${languageId}`;
    let url = this.#urls.get(cacheKey);
    if (url === undefined) {
      url = this.#route(node, languageId);
      this.#urls.set(cacheKey, url);
    }
    return url;
  }

  #route(node: TreeNode, languageId: number | undefined): string {
    const chain = [...node.ancestorIds.map((id) => this.#documents.get(id)), node];
    if (chain.some((n) => !n || !this.#publishedIn(n, languageId))) return NO_URL;
    const segments: string[] = [];
    for (let i = chain.length - 1; i >= 0; i--) {
      const current = chain[i]!;
      const domain = this.#findDomain(current.id, languageId);
      if (domain) return this.#finish(withSlash(domain.name), segments);
      segments.unshift(this.segment(current, languageId));
    }
    // Without a domain, only the default culture is routable (v15 says so explicitly).
    if (languageId !== this.#defaultLanguageId) return NO_URL;
    if (!this.#options.hideTopLevelNodeFromPath) return this.#finish('/', segments);
    if (chain.length > 1) return this.#finish('/', segments.slice(1));
    return this.#isFirstRoot(node, languageId) ? '/' : this.#finish('/', segments);
  }

  #finish(prefix: string, segments: string[]): string {
    if (segments.length === 0) return prefix;
    const path = prefix + segments.join('/');
    return this.#options.addTrailingSlash ? `${path}/` : path;
  }

  #publishedIn(node: TreeNode, languageId: number | undefined): boolean {
    return node.cultures.length === 0 || node.cultures.some((c) => c.languageId === languageId);
  }

  #findDomain(nodeId: number, languageId: number | undefined): Domain | undefined {
    const domains = this.#domainsByRoot.get(nodeId);
    if (!domains) return undefined;
    return (
      domains.find((d) => d.languageId === languageId) ??
      (this.#options.domainMustMatchCulture ? undefined : domains[0])
    );
  }

  #isFirstRoot(node: TreeNode, languageId: number | undefined): boolean {
    let first: TreeNode | undefined;
    for (const candidate of this.#documents.values()) {
      if (candidate.parentId !== -1 || !this.#publishedIn(candidate, languageId)) continue;
      if (
        !first ||
        candidate.sortOrder < first.sortOrder ||
        (candidate.sortOrder === first.sortOrder && candidate.id < first.id)
      )
        first = candidate;
    }
    return first?.id === node.id;
  }
}

/** Domain names may be `/`, `/en`, `example.com/en` or a full URL; a host without scheme gets https. */
function withSlash(domainName: string): string {
  const name = domainName.trim();
  const absolute = name.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(name) ? name : `https://${name}`;
  return absolute.endsWith('/') ? absolute : `${absolute}/`;
}
