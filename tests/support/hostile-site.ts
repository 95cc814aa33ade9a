/**
 * The site a hostile source serves: a small content tree built from switchable oddities (names, aliases, shapes),
 * rendered in the read-api shapes. The oddities are data, so one model covers every scenario of the harness.
 */
export interface HostileSiteOptions {
  /** Ordinary items under two roots (default 12). */
  items?: number;
  /** Names given in turn to the ordinary items (control, bidi, U+2028, lone surrogates…). */
  names?: string[];
  /** Content type aliases given in turn to the ordinary items. */
  typeAliases?: string[];
  /** Property aliases every content type has. */
  propertyAliases?: string[];
  /** Of those, the ones every item leaves empty (so the site lists the items lacking them). */
  emptyProperties?: string[];
  /** The first ordinary item also carries this many properties of its own (`extra0`, `extra1`, …). */
  extraProperties?: number;
  /** This many children under the first root. */
  wideChildren?: number;
  /** A chain this deep under the second root. */
  chainDepth?: number;
  /** The first root's first child lists that root again among its children. */
  cycle?: boolean;
  /** The second root's first child is also listed under the first root. */
  twoParents?: boolean;
  stringIds?: boolean;
  nonGuidKeys?: boolean;
  /** Every content type composes a new, never-seen type. */
  inventCompositions?: boolean;
}

export interface SiteNode {
  id: number;
  key: string;
  name: string;
  type: string;
  children: number[];
}

const DATE = '2026-01-01T00:00:00Z';
export const keyOf = (n: number, salt = 0): string =>
  `${(salt >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export class HostileSite {
  readonly nodes = new Map<number, SiteNode>();
  readonly roots: number[] = [];
  readonly options: HostileSiteOptions;
  #nextId = 1000;
  readonly #parents = new Map<number, number>();

  constructor(options: HostileSiteOptions) {
    this.options = options;
    const names = options.names ?? ['Home'];
    const aliases = options.typeAliases ?? ['page'];
    const first = this.#add('Root one', aliases[0] ?? 'page');
    const second = this.#add('Root two', aliases[0] ?? 'page');
    this.roots.push(first.id, second.id);
    for (let i = 0; i < (options.items ?? 12); i += 1) {
      const child = this.#add(names[i % names.length] ?? 'x', aliases[i % aliases.length] ?? 'page');
      (i % 2 === 0 ? first : second).children.push(child.id);
    }
    for (let i = 0; i < (options.wideChildren ?? 0); i += 1) first.children.push(this.#add(`Wide ${i}`, 'page').id);
    let parent = second;
    for (let level = 0; level < (options.chainDepth ?? 0); level += 1) {
      const next = this.#add(`Level ${level + 2}`, 'page');
      parent.children.push(next.id);
      parent = next;
    }
    if (options.cycle) this.nodes.get(first.children[0] ?? -1)?.children.push(first.id);
    if (options.twoParents && second.children[0] !== undefined) first.children.push(second.children[0]);
  }

  #add(name: string, type: string): SiteNode {
    const id = this.#nextId++;
    const node = { id, key: keyOf(id), name, type, children: [] };
    this.nodes.set(id, node);
    return node;
  }

  summary(node: SiteNode, level: number, maxLevel: number, path: number[]): Record<string, unknown> {
    const summary: Record<string, unknown> = {
      id: this.options.stringIds ? String(node.id) : node.id,
      key: this.options.nonGuidKeys ? `key-${node.id}` : node.key,
      name: node.name,
      url: `/n${node.id}/`,
      type: node.type,
      createDate: DATE,
      updateDate: DATE,
      sortOrder: path.length === 0 ? this.roots.indexOf(node.id) : 0,
    };
    // A cycle is drawn once round, as a source walking its own bad parent links would before giving up.
    const seen = path.filter((id) => id === node.id).length;
    if (level < maxLevel && seen < 2) {
      const inner = [...path, node.id];
      summary.children = node.children.map((id, index) => ({
        ...this.summary(this.nodes.get(id) as SiteNode, level + 1, maxLevel, inner),
        sortOrder: index,
      }));
    }
    return summary;
  }

  item(id: number, maxLevel: number): Record<string, unknown> | undefined {
    const node = this.nodes.get(id);
    if (node === undefined) return undefined;
    const empty = new Set(this.options.emptyProperties ?? []);
    const properties = Object.fromEntries(
      (this.options.propertyAliases ?? ['title']).map((alias) => [
        alias,
        { alias, editorAlias: 'Umbraco.TextBox', value: empty.has(alias) ? '' : `${node.name} ${alias}` },
      ]),
    );
    if (id === this.#firstItem())
      for (let i = 0; i < (this.options.extraProperties ?? 0); i += 1)
        properties[`extra${i}`] = { alias: `extra${i}`, editorAlias: 'Umbraco.TextBox', value: `v${i}` };
    return { ...this.summary(node, this.#levelOf(id), maxLevel, []), path: [], properties };
  }

  /** The first root's first child: the item the source's single-item oddities apply to. */
  #firstItem(): number | undefined {
    return this.nodes.get(this.roots[0] ?? -1)?.children[0];
  }

  #levelOf(id: number): number {
    if (this.#parents.size === 0) {
      for (const node of this.nodes.values()) {
        for (const child of node.children)
          if (!this.#parents.has(child) && !this.roots.includes(child)) this.#parents.set(child, node.id);
      }
    }
    let level = 1;
    for (let parent = this.#parents.get(id); parent !== undefined && level < 10_000; parent = this.#parents.get(parent))
      level += 1;
    return level;
  }

  contentType(by: 'alias' | 'key', value: string): Record<string, unknown> | undefined {
    const aliases = new Set([...this.nodes.values()].map((node) => node.type));
    const invented = /^00000000-0000-4000-8000-/.test(value)
      ? undefined
      : /^([0-9a-f]{8})-0000-4000-8000-000000000000$/.exec(value);
    if (by === 'alias' && !aliases.has(value)) return undefined;
    if (by === 'key' && invented === undefined) return undefined;
    const salt = by === 'key' ? Number.parseInt(invented?.[1] ?? '0', 16) : [...aliases].indexOf(value) + 1;
    const alias = by === 'alias' ? value : `invented${salt}`;
    const properties = (this.options.propertyAliases ?? ['title']).map((propertyAlias, index) => ({
      id: index + 1,
      key: keyOf(index + 1, 7),
      alias: propertyAlias,
      name: propertyAlias,
      description: null,
      sortOrder: index,
      editorAlias: 'Umbraco.TextBox',
      dataTypeId: -88,
      mandatory: false,
    }));
    const compositions = this.options.inventCompositions
      ? [{ id: salt + 1, key: keyOf(0, salt + 1), alias: `invented${salt + 1}`, name: 'x' }]
      : [];
    return {
      id: salt,
      key: keyOf(0, salt),
      alias,
      name: alias,
      icon: null,
      tabs: [{ id: 1, key: keyOf(1, 9), name: 'Content', sortOrder: 0, properties }],
      compositions,
      allowedContentTypes: [],
    };
  }
}
