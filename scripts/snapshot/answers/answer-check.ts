/**
 * Checks one answer in two layers: the core schema (what the snapshot needs; failing it fails the URL) and the
 * documented variants (failing every one is a deviation; matching one notes the interface variant seen).
 */
import type { z } from 'zod';
import { formatIssues, type CrawlLog } from '../crawl-log.ts';
import type { Ref } from '../client/read-client.ts';
import { contentTypeCore, isItemCore, isSummaryCore, itemCore, summaryCore } from './source-schemas.ts';
import {
  CONTENT_ITEM_VARIANTS,
  CONTENT_TYPE_VARIANTS,
  MEDIA_ITEM_VARIANTS,
  SUMMARY_VARIANTS,
  createShapeChecker,
  type ShapeCheck,
} from './source-variants.ts';

type ShapeChecker = (body: unknown) => ShapeCheck;
export interface Shape {
  core: z.ZodType;
  /** A cheaper check accepting only what `core` accepts; `core` runs on what it refuses. */
  accepts?: (body: unknown) => boolean;
  documented: ShapeChecker;
  /** The interface-variant feature noted for a matching body; summaries match several variants alike, so none. */
  feature?: string;
}

export const SHAPES = {
  summary: { core: summaryCore, accepts: isSummaryCore, documented: createShapeChecker(SUMMARY_VARIANTS) },
  content: {
    core: itemCore,
    accepts: isItemCore,
    documented: createShapeChecker(CONTENT_ITEM_VARIANTS),
    feature: 'contentItem',
  },
  media: {
    core: itemCore,
    accepts: isItemCore,
    documented: createShapeChecker(MEDIA_ITEM_VARIANTS),
    feature: 'mediaItem',
  },
  contentType: { core: contentTypeCore, documented: createShapeChecker(CONTENT_TYPE_VARIANTS), feature: 'contentType' },
  mediaType: { core: contentTypeCore, documented: createShapeChecker(CONTENT_TYPE_VARIANTS), feature: 'mediaType' },
} satisfies Record<string, Shape>;

export interface CheckContext {
  operation: string;
  url: string;
  attempts: number;
  ref: Ref;
  where?: string;
  status?: number;
}

export function createAnswerCheck(log: CrawlLog) {
  return function check<T>(shape: Shape, body: unknown, at: CheckContext): T | undefined {
    const parsed = shape.accepts?.(body) === true ? undefined : shape.core.safeParse(body);
    if (parsed?.success === false) {
      const where = at.where === undefined ? '' : ` at ${at.where}`;
      log.addFailure({
        url: at.url,
        operation: at.operation,
        ...at.ref,
        status: at.status ?? 200,
        attempts: at.attempts,
        message: `answer${where} lacks what the snapshot needs`,
        issues: formatIssues(parsed.error.issues, at.where),
      });
      return undefined;
    }
    const documented = shape.documented(body);
    if (documented.variant === undefined)
      log.addDeviations(at.operation, at.url, documented.issues, at.where?.replace(/\[\d+\]/g, '[]'));
    else if (shape.feature !== undefined) log.noteVariant(shape.feature, documented.variant);
    // The core schemas only check (no transforms), so the body itself is kept: its field order is the source's.
    return body as T;
  };
}
