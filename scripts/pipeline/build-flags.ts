/** The flags of `npm run build`, each with the text its --help shows: its own, then the crawler's it hands on. */
import { defineFlags } from '../core/cli/flag-help.ts';
import { SNAPSHOT_FLAGS } from '../snapshot/snapshot-flags.ts';

/** The crawler's own flags, handed to it parsed; --out, --history, --keep, --compare-with, --quiet and --verbose are
 * the build's (the crawl's --out is <cache>/snapshot). */
const CRAWLER_FLAGS = SNAPSHOT_FLAGS.help.flags.filter(
  (flag) => !['out', 'history', 'keep', 'compare-with', 'quiet', 'verbose', 'help'].includes(flag.name),
);
export const CRAWLER_NAMES = new Set(CRAWLER_FLAGS.map((flag) => flag.name));

export const BUILD_FLAGS = defineFlags(
  {
    usage: 'npm run build -- [--snapshot DIR | --source URL | --db FILE] [options]',
    about:
      'Builds the site: a snapshot (crawled into <cache>/snapshot unless --snapshot names one) → site data → ' +
      'astro build and the item page writer, beside the Pagefind index → the output folder, swapped in whole. ' +
      'Neither --snapshot, --source, --db nor env SNAPSHOT_SOURCE_URL: the embedded demo source.',
    flags: [
      {
        name: 'snapshot',
        value: 'DIR',
        text: 'build from this existing snapshot (otherwise crawl into <cache>/snapshot first)',
      },
      {
        name: 'history',
        value: 'DIR',
        text: 'keep the previous snapshot there and show what changed since it',
      },
      { name: 'keep', value: 'N', text: 'snapshots kept in --history (default 1)' },
      {
        name: 'compare-with',
        value: 'DIR',
        text: 'show what changed since this snapshot (instead of the newest one in --history)',
      },
      {
        name: 'mapping',
        value: 'FILE.xlsx',
        text: 'a filled mapping workbook (npm run mapping): adds the Mapping section and its coverage',
      },
      {
        name: 'decisions',
        value: 'FILE.csv',
        text:
          'decisions by GUID (key, disposition, target type, owner, priority, note, decided-at): shown in the ' +
          'Decisions inventory and on item pages (docs/decisions.md)',
      },
      {
        name: 'rules',
        value: 'FILE.yaml',
        text: 'ordered rules (first match wins) deciding the items no decision names',
      },
      {
        name: 'estimate',
        value: 'FILE.yaml',
        text:
          'minutes per item by type or band, per manual property, per language: the Estimate page ' +
          '(docs/estimate.md)',
      },
      { name: 'out', value: 'DIR', text: 'output folder (default dist)' },
      { name: 'base', value: '/path/', text: 'host under a sub-path (or env SITE_BASE; default /)' },
      {
        name: 'cache',
        value: 'DIR',
        text: 'working folder for the snapshot, the site data and the kept snapshot comparisons (default .cache)',
      },
      { name: 'allow-partial', text: 'build from a snapshot whose manifest says "partial"' },
      {
        name: 'title',
        value: '"NAME"',
        text: 'name this snapshot (shown in the <title> of every page and on the home page)',
      },
      {
        name: 'media-origin',
        value: 'URL',
        text: 'show media images from this origin (or env SITE_MEDIA_ORIGIN; default: none are fetched)',
      },
      { name: 'no-search', text: 'skip the search index' },
      {
        name: 'search-engine',
        value: 'NAME',
        text:
          'auto (default: pagefind below 100000 pages, words from there), pagefind, or words: a word index of its ' +
          'own, one set of pages a word (at 1M items built in seconds, a query of common words fetching a tenth of ' +
          'the bytes; no exact phrases, no stemming; not with --partition)',
      },
      {
        name: 'search-shard-size',
        value: 'N',
        text:
          "records per search index bundle at most (default 30000); bundles also split the records' bytes " +
          'evenly, 16 MB each at most',
      },
      {
        name: 'no-sqlite',
        text:
          'skip downloads/snapshot.sqlite (about 6.5 KB an item: 500 MB at 80,000 items, past the file size ' +
          'limits of many static hosts)',
      },
      {
        name: 'keep-times',
        text:
          'give each file written again byte for byte the time it has in the site --out holds, so a sync tool ' +
          '(aws s3 sync, azcopy sync, rsync) sends only what changed; reads both sites (at 100k items 9 s with the ' +
          'earlier one in memory, 77 s from disk)',
      },
      {
        name: 'search-after-astro',
        text: 'build the search index after astro build instead of beside it (less memory, more time)',
      },
      {
        name: 'memory',
        value: 'SIZE',
        text:
          'keep the build within about SIZE of memory (e.g. 3G or 2500M, at least 1G): its own heap, and ' +
          "the comparison and the drafts' changes after the site data, Astro, the item page writer, the item JSON " +
          'files and the index one after another, each with a heap limit within it (more time)',
      },
      {
        name: 'astro-item-pages',
        text:
          "render every item page through Astro's own page loop (same pages, 2–3 times the time; the same " +
          'bytes, as the tests check: both place src/lib/pages/item-page-html.ts)',
      },
      {
        name: 'take-unchanged',
        text:
          'record what each item page read, and take from the site the last such build wrote into the same ' +
          '--out the pages whose inputs (their item, the items they show, the layout, the code) did not change ' +
          'instead of rendering them; that site is updated in place, only what changed written, the rest left ' +
          'with its times (docs/scale.md)',
      },
      {
        name: 'render-all',
        text: 'with --take-unchanged: take no page this time, render every one (and record them)',
      },
      {
        name: 'check-taken',
        value: 'N',
        text:
          'with --take-unchanged: render every Nth page taken again and compare (default 100; 0: none); a ' +
          'page that differs is reported, and every taken page is rendered again',
      },
      {
        name: 'partition',
        value: 'I/K',
        text:
          'render only partition I of K of the item pages (and index only their search records); join the K ' +
          'outputs with npm run merge-partitions',
      },
      {
        name: 'site-data-out',
        value: 'DIR',
        text:
          'prepare the site data only (with the changes, mapping, decisions and estimate asked for) into DIR, ' +
          'once for K partition jobs to share: no pages',
      },
      {
        name: 'site-data',
        value: 'DIR',
        text:
          'render from site data that --site-data-out prepared from the same --snapshot, instead of deriving it ' +
          'again (a partition job)',
      },
      { name: 'quiet', text: 'no progress lines' },
      { name: 'verbose', text: 'stack traces on errors' },
      ...CRAWLER_FLAGS.map((flag) => ({ ...flag, text: `crawler: ${flag.text}` })),
    ],
    footer:
      'Exit codes: 0 ok, 2 usage, 3 snapshot missing or invalid, 4 partial snapshot refused, 5 crawl failed, ' +
      '6 site data failed, 7 astro build or item page writer failed, 8 search index failed, ' +
      '9 the mapping workbook unusable, 10 no space left on device, 11 the decisions or rules file unusable, ' +
      '12 the estimate file unusable, 13 snapshot.sqlite not written, 130/143 stopped by SIGINT/SIGTERM (nothing published, temporary folders removed).',
  },
  { refused: SNAPSHOT_FLAGS.refused },
);
