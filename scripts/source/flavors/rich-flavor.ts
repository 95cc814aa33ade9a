/** The service's own answers: the plugin's newest shape plus the README's additive fields; problem+json errors. */
import { optionalMaxLevel, requireAlias, requireId, requireKey } from '../http/params.ts';
import { problem } from '../http/problem.ts';
import type { Flavor, Reply } from './flavor.ts';

const problemReply = (status: number, detail: string): Reply => ({
  status,
  body: problem(status, detail),
  problem: true,
});

export const richFlavor: Flavor = {
  name: 'rich',
  datePrecision: 'seconds',
  propertyDatePrecision: 'seconds',
  atRootMaxLevel: Number.MAX_SAFE_INTEGER,
  params: { id: requireId, key: requireKey, alias: requireAlias, maxLevel: optionalMaxLevel },
  summary: (summary) => summary,
  item: (item) => item,
  contentType: (view) => view,
  mediaType: (view) => view,
  notFound: (_missing, detail) => problemReply(404, detail),
  unauthorized: (detail) => problemReply(401, detail),
  methodNotAllowed: (_method, detail) => problemReply(405, detail),
};
