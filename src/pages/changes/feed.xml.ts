import type { APIRoute } from 'astro';
import { loadChanges } from '../../lib/changes/site-changes.ts';
import { loadArchive, nightFileOf } from '../../lib/changes/change-archive.ts';
import { renderFeed } from '../../lib/changes/change-feed.ts';
import { href } from '../../lib/site-paths.ts';

/** The nights' changes as an Atom feed: tonight's links to the Changes page, each earlier night to its change list. */
export const GET: APIRoute = async () => {
  const tonight = await loadChanges();
  const nights = [
    ...(tonight === undefined ? [] : [{ night: tonight, href: href('changes/') }]),
    ...(await loadArchive()).map((night) => ({ night, href: href(`changes/downloads/${nightFileOf(night)}`) })),
  ];
  return new Response(renderFeed(nights, href('changes/feed.xml')), {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  });
};
