import { ODD_NAMES } from '../values/lexicon.ts';
import type { Random } from '../values/random.ts';
import {
  createTreePlanner,
  DOCUMENT_BIN,
  pickState,
  type Parent,
  type PlannedDocument,
  type PublishState,
} from './tree-plan.ts';

/**
 * The document tree. Four roots: the main site (first root, hidden from URLs), a second site that
 * carries one domain per language, a "Global settings" data folder and a never-published campaign.
 * A skeleton of named pages comes first (depth 6 within the first six documents, a trashed page with
 * a trashed child), then bulk items
 * spread over listing pages so that large runs give folders with thousands of children. With `oneRoot`, only the main
 * site's tree: no other root and nothing trashed.
 */
export interface DocumentPlan {
  documents: PlannedDocument[];
  secondSiteId: number | null;
}

type Entry = [ref: string, parent: string | null, type: string, name: string, extra?: Partial<PlannedDocument>];

const SKELETON: Entry[] = [
  ['home', null, 'homePage', 'Home'],
  ['about', 'home', 'contentPage', 'About us'],
  ['team', 'about', 'contentPage', 'Our team'],
  ['engineering', 'team', 'contentPage', 'Engineering', { state: 'edited' }],
  ['platform', 'engineering', 'contentPage', 'Platform group'],
  ['cafe', 'platform', 'contentPage', ODD_NAMES[0] as string],
  ['news', 'home', 'articleList', 'News'],
  ['welcome', 'news', 'article', 'Welcome to the new site'],
  ['blog', 'home', 'articleList', 'Blog'],
  ['recipes', 'blog', 'articleList', 'Recipes'],
  ['travel', 'blog', 'articleList', 'Travel'],
  ['tech', 'blog', 'articleList', ODD_NAMES[2] as string],
  ['products', 'home', 'landingPage', 'Products'],
  ['gear', 'products', 'productCategory', 'Outdoor gear'],
  ['tents', 'gear', 'productCategory', 'Tents'],
  ['tent', 'tents', 'product', 'Trail tent 2'],
  ['backpacks', 'gear', 'productCategory', 'Backpacks'],
  ['clothing', 'products', 'productCategory', 'Clothing'],
  ['jackets', 'clothing', 'productCategory', 'Jackets'],
  ['campaigns', 'home', 'landingPage', 'Campaigns', { state: 'unpublished' }],
  ['party', 'campaigns', 'landingPage', ODD_NAMES[3] as string],
  ['contact', 'home', 'contentPage', 'Contact', { urlName: 'contact-us' }],
  ['second', null, 'homePage', 'Nordic Outdoors'],
  ['stories', 'second', 'articleList', 'Stories'],
  ['adventures', 'second', 'landingPage', 'Adventures'],
  ['rock', 'second', 'contentPage', ODD_NAMES[1] as string],
  ['cyrillic', 'second', 'contentPage', ODD_NAMES[5] as string, { state: 'edited' }],
  ['settings', null, 'dataFolder', 'Global settings'],
  ['siteSettings', 'settings', 'siteSettings', 'Site settings'],
  ['authors', 'settings', 'dataFolder', 'Authors'],
  ['author', 'authors', 'author', '', { person: true }],
  ['spring', null, 'landingPage', 'Spring campaign', { state: 'draft' }],
  ['oldOffers', '@bin', 'contentPage', 'Old offers'],
  ['winterSale', 'oldOffers', 'contentPage', 'Winter sale 2019', { state: 'unpublished' }],
];
const SKELETON_ODD = new Set([0, 1, 2, 3, 5]);
/** The skeleton's first entries are the main site's tree (the home page and its descendants). */
const HOME_TREE = 22;

export function planDocuments(
  count: number,
  firstId: number,
  random: Random,
  maxChildren = Number.POSITIVE_INFINITY,
  oneRoot = false,
): DocumentPlan {
  const planner = createTreePlanner<PlannedDocument>(firstId, DOCUMENT_BIN, random);
  const refs = new Map<string, PlannedDocument>();
  for (const [ref, parentRef, typeAlias, name, extra] of SKELETON.slice(
    0,
    oneRoot ? Math.min(count, HOME_TREE) : count,
  )) {
    const parent: Parent = parentRef === null ? 'root' : parentRef === '@bin' ? 'bin' : (refs.get(parentRef) ?? 'root');
    const fields = {
      typeAlias,
      state: 'published' as PublishState,
      skeleton: true,
      ...(name ? { name } : {}),
      ...extra,
    };
    refs.set(ref, planner.add(parent, fields));
  }
  if (count > planner.items.length) fillBulk(planner, refs, count, random, { maxChildren, oneRoot });
  return { documents: planner.items, secondSiteId: refs.get('second')?.id ?? null };
}

type Planner = ReturnType<typeof createTreePlanner<PlannedDocument>>;

function fillBulk(
  planner: Planner,
  refs: Map<string, PlannedDocument>,
  count: number,
  random: Random,
  { maxChildren, oneRoot }: { maxChildren: number; oneRoot: boolean },
): void {
  const ref = (name: string): PlannedDocument => refs.get(name) as PlannedDocument;
  const roomIn = createOverflow(planner, maxChildren);
  const add = (parent: Parent, typeAlias: string): PlannedDocument =>
    planner.add(typeof parent === 'string' ? parent : roomIn(parent as PlannedDocument), {
      typeAlias,
      state: pickState(random),
      skeleton: false,
    });
  const blogLists = [ref('recipes'), ref('travel'), ref('tech')];
  const shelves = [ref('tents'), ref('backpacks'), ref('jackets')];
  const extraLists = Math.floor((count - planner.items.length) / 8000);
  for (let i = 0; i < extraLists; i++) blogLists.push(add(ref('blog'), 'articleList'));
  for (let i = 0; i < extraLists; i++)
    shelves.push(add(random.pick([ref('gear'), ref('clothing')]), 'productCategory'));
  const pages = [ref('about'), ref('team'), ref('platform')];
  const secondPages = [ref('second'), ref('rock')];
  const trashed: PlannedDocument[] = [ref('oldOffers')];
  const oddNames = ODD_NAMES.filter((_, i) => !SKELETON_ODD.has(i));
  // The main site's containers are the first four of the full list, in the order the full tree picks them.
  const homeContainers: [number, () => PlannedDocument][] = [
    [28, () => add(ref('news'), 'article')],
    [18, () => add(random.pick(blogLists), 'article')],
    [22, () => add(random.pick(shelves), 'product')],
    [7, () => grow(pages, add(random.pick(pages), 'contentPage'))],
    [3, () => add(ref('products'), 'landingPage')],
  ];
  const allContainers: [number, () => PlannedDocument][] = [
    ...homeContainers.slice(0, 4),
    [10, () => add(ref('stories'), 'article')],
    [4, () => Object.assign(add(ref('authors'), 'author'), { person: true })],
    [3, () => add(random.pick([ref('adventures'), ref('campaigns'), ref('products')]), 'landingPage')],
    [3, () => grow(secondPages, add(random.pick(secondPages), 'contentPage'))],
    [
      3,
      () =>
        trash(
          trashed,
          add(
            trashed.length > 0 && random.chance(0.2) ? random.pick(trashed) : 'bin',
            random.pick(['article', 'contentPage', 'product']),
          ),
        ),
    ],
  ];
  const containers = oneRoot ? homeContainers : allContainers;
  const total = containers.reduce((sum, [weight]) => sum + weight, 0);
  while (planner.items.length < count) {
    const doc = pickContainer(containers, total, random)();
    if (oddNames.length > 0 && !doc.person) doc.name = oddNames.shift();
  }
}

/**
 * Where a new child of `parent` goes when one document may hold at most `maxChildren`: the parent while it has room
 * for one more besides its "More" page, else that page (a published document of the parent's type, created as the
 * parent's last child), and so on down.
 */
function createOverflow(planner: Planner, maxChildren: number): (parent: PlannedDocument) => PlannedDocument {
  const more = new Map<number, PlannedDocument>();
  return (parent) => {
    let at = parent;
    while (planner.childCount(at.id) >= maxChildren - 1) {
      let next = more.get(at.id);
      if (next === undefined) {
        next = planner.add(at, { typeAlias: at.typeAlias, state: 'published', skeleton: false, name: `More ${at.id}` });
        more.set(at.id, next);
      }
      at = next;
    }
    return at;
  };
}

/** Trashed pages keep their trashed descendants below them (path `-1,-20,parent,child`). */
function trash(list: PlannedDocument[], doc: PlannedDocument): PlannedDocument {
  if (doc.typeAlias === 'contentPage') list.push(doc);
  return doc;
}

function grow(list: PlannedDocument[], doc: PlannedDocument): PlannedDocument {
  if (doc.level < 10) list.push(doc);
  return doc;
}

function pickContainer(
  containers: [number, () => PlannedDocument][],
  total: number,
  random: Random,
): () => PlannedDocument {
  let roll = random.next() * total;
  for (const [weight, make] of containers) {
    if (roll < weight) return make;
    roll -= weight;
  }
  return (containers[0] as [number, () => PlannedDocument])[1];
}
