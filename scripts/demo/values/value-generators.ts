import {
  blockGridValue,
  blockListValue,
  blockValue,
  createCollector,
  type BlockContext,
  type RawValue,
} from './block-values.ts';
import { COLOURS, SIZES, SORT_BY, SPACING, THEMES } from '../model/custom-data-types.ts';
import { DAY, HOUR, toDbDate, toDbDay } from '../model/demo-clock.ts';
import { toDotnetJson } from './dotnet-json.ts';
import { udi, type Random } from './random.ts';
import type { MediaTarget, ReferencePool } from '../plan/reference-pool.ts';
import { richTextMarkup } from './rich-text.ts';
import type { ResolvedContentType, ResolvedProperty, ValueKind } from '../model/site-model.ts';
import { phrase, randomConcept, sentences, titleFor, words } from './text-generator.ts';

/**
 * Makes up one stored value per property, in the form Umbraco 17 stores it for that editor. The
 * result is the raw column value: a number for Integer columns, otherwise a string (decimals as
 * normalised text like "10.0", dates as `YYYY-MM-DD HH:MM:SS`, JSON for JSON editors).
 */
export interface ValueContext {
  random: Random;
  iso: string;
  title: string;
  createdMs: number;
  refs: ReferencePool;
  element(alias: string): ResolvedContentType;
}

type Generator = (ctx: ValueContext) => RawValue | null;

const TAGS = [
  'outdoor',
  'family',
  'how-to',
  'news',
  'recipes',
  'café',
  'c#',
  'budget',
  'travel',
  'winter',
  'æbler',
  'design',
  'sale',
  'camping',
  'kids',
];

const GENERATORS: Record<ValueKind, Generator> = {
  title: (c) => (c.random.chance(0.5) ? c.title : titleFor(randomConcept(c.random), c.iso)),
  phrase: (c) => phrase(c.random, c.iso),
  summary: (c) =>
    Array.from({ length: c.random.int(1, 2) }, () => sentences(c.random, c.iso, c.random.int(1, 3))).join('\n\n'),
  sku: (c) => `SKU-${c.random.token(6).toUpperCase()}`,
  email: (c) => `${c.random.pick(words(c.random, 'en-US', 3))}.${c.random.int(1, 99)}@example.com`,
  urlName: (c) => phrase(c.random, c.iso),
  richText: (c) => toDotnetJson({ markup: richTextMarkup(c.random, c.iso, c.refs), blocks: null }),
  shortRichText: (c) => toDotnetJson({ markup: richTextMarkup(c.random, c.iso, c.refs, [], 1), blocks: null }),
  richTextWithBlocks: (c) => richTextWithBlocks(c),
  contentBlocks: (c) => toDotnetJson(blockListValue(blockContext(c))),
  landingGrid: (c) => toDotnetJson(blockGridValue(blockContext(c))),
  image: (c) => mediaPicker(c.random, [c.refs.image(c.random)]),
  gallery: (c) =>
    mediaPicker(
      c.random,
      Array.from({ length: c.random.int(1, 5) }, () => c.refs.image(c.random)),
    ),
  attachments: (c) =>
    mediaPicker(
      c.random,
      Array.from({ length: c.random.int(1, 3) }, () => c.refs.file(c.random)),
    ),
  documentLink: (c) => udi('document', c.refs.document(c.random)),
  authorLink: (c) => udi('document', c.refs.author(c.random)),
  productLink: (c) => udi('document', c.refs.product(c.random)),
  relatedDocuments: (c) =>
    Array.from({ length: c.random.int(1, 4) }, () => udi('document', c.refs.document(c.random))).join(','),
  links: (c) => toDotnetJson(Array.from({ length: c.random.int(1, 4) }, () => link(c))),
  tags: (c) => toDotnetJson([...new Set(Array.from({ length: c.random.int(1, 5) }, () => c.random.pick(TAGS)))]),
  publishDate: (c) => toDbDate(c.createdMs + c.random.int(0, 30) * DAY + c.random.int(0, 23) * HOUR),
  day: (c) => toDbDay(c.createdMs - c.random.int(0, 900) * DAY),
  smallNumber: (c) => c.random.int(1, 60),
  stock: (c) => c.random.int(0, 500),
  price: (c) => decimalText(c.random.int(100, 250_000) / 100),
  rating: (c) => decimalText(c.random.int(10, 50) / 10),
  flag: (c) => (c.random.chance(0.5) ? 1 : 0),
  rareFlag: (c) => (c.random.chance(0.1) ? 1 : 0),
  colour: (c) => toDotnetJson([c.random.pick(COLOURS)]),
  sizes: (c) => toDotnetJson(SIZES.filter(() => c.random.chance(0.5))),
  theme: (c) => toDotnetJson([c.random.pick(THEMES)]),
  sortBy: (c) => toDotnetJson([c.random.pick(SORT_BY)]),
  spacing: (c) => toDotnetJson([c.random.pick(SPACING)]),
};

export function generateValue(property: ResolvedProperty, ctx: ValueContext): RawValue | null {
  const value = GENERATORS[property.kind](ctx);
  return value === '' || value === '[]' ? null : value;
}

/** .NET decimals keep at least one fractional digit in SQLite ("10.0", "199.99"). */
export function decimalText(value: number): string {
  return value.toFixed(2).replace(/0$/, '');
}

function blockContext(ctx: ValueContext): BlockContext {
  return { random: ctx.random, element: ctx.element, valueOf: (property) => generateValue(property, ctx) };
}

function richTextWithBlocks(ctx: ValueContext): string {
  if (!ctx.random.chance(0.3)) return GENERATORS.richText(ctx) as string;
  const collector = createCollector(blockContext(ctx));
  const layout = Array.from({ length: ctx.random.int(1, 2) }, () =>
    collector.add(ctx.random.pick(['quoteBlock', 'imageBlock']), false),
  );
  const markup = richTextMarkup(
    ctx.random,
    ctx.iso,
    ctx.refs,
    layout.map((l) => l.contentKey),
  );
  return toDotnetJson({ markup, blocks: blockValue(collector, 'Umbraco.RichText', layout) });
}

function mediaPicker(random: Random, targets: MediaTarget[]): string {
  return toDotnetJson(
    targets.map((t) => ({
      key: random.guid().toLowerCase(),
      mediaKey: t.key.toLowerCase(),
      mediaTypeAlias: t.typeAlias,
      crops: [],
      focalPoint: null,
    })),
  );
}

function link(ctx: ValueContext): object {
  const { random } = ctx;
  const name = phrase(random, ctx.iso);
  const roll = random.next();
  if (roll < 0.5)
    return { name, target: null, udi: udi('document', ctx.refs.document(random)), url: null, queryString: null };
  if (roll < 0.6)
    return { name, target: '_blank', udi: udi('media', ctx.refs.file(random).key), url: null, queryString: null };
  return {
    name,
    target: random.chance(0.5) ? '_blank' : null,
    udi: null,
    url: `https://example.com/${random.token(6)}`,
    queryString: random.chance(0.2) ? '?ref=demo' : null,
  };
}
