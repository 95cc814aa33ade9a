import type { Database } from '../db/database.ts';
import { selectCultureNames, toCultureName, type CultureName } from './document-reader.ts';
import { OBJECT_TYPE } from './object-types.ts';

/** A document's whole state: its flags, its current (draft) version and its published version, if any. */
export interface DocumentVersions {
  nodeId: number;
  /** `umbracoDocument.published`: unpublishing clears it, but not the version flag. */
  published: boolean;
  /** `umbracoDocument.edited`: the current version differs from the published one. */
  edited: boolean;
  currentVersionId: number;
  currentVersionDate: string;
  currentName: string;
  publishedVersionId: number | null;
  publishedVersionDate: string | null;
  publishedName: string | null;
}
export interface VersionCultureName extends CultureName {
  nodeId: number;
}

type R = Record<string, string | number | null>;

/**
 * Every document, trashed or not (callers filter on the node), with its one `current` version (the draft the
 * editor sees) and its at most one version flagged published. Blueprints also have `umbracoDocument` rows, so the
 * node's object type is checked.
 */
export function listDocumentVersions(db: Database): DocumentVersions[] {
  // Two plain joins merged here: a LEFT JOIN on a derived table of published versions scans it once per document.
  const published = new Map(
    db
      .all<R>(
        `SELECT v.nodeId, v.id, v.versionDate, v.text FROM umbracoContentVersion v
         JOIN umbracoDocumentVersion dv ON dv.id = v.id AND dv.published = 1`,
      )
      .map((r) => [r.nodeId as number, r]),
  );
  return db
    .all<R>(
      `SELECT d.nodeId, d.published, d.edited, cv.id AS currentId, cv.versionDate AS currentDate, cv.text AS currentName
     FROM umbracoDocument d
     JOIN umbracoNode n ON n.id = d.nodeId AND n.nodeObjectType = ?
     JOIN umbracoContentVersion cv ON cv.nodeId = d.nodeId AND cv.current = 1
     ORDER BY d.nodeId`,
      [OBJECT_TYPE.document],
    )
    .map((r) => {
      const p = published.get(r.nodeId as number);
      return {
        nodeId: r.nodeId as number,
        published: r.published === 1,
        edited: r.edited === 1,
        currentVersionId: r.currentId as number,
        currentVersionDate: r.currentDate as string,
        currentName: (r.currentName as string | null) ?? '',
        publishedVersionId: (p?.id as number | undefined) ?? null,
        publishedVersionDate: (p?.versionDate as string | undefined) ?? null,
        publishedName: (p?.text as string | null | undefined) ?? null,
      };
    });
}

/** Culture names of current (draft) versions, with their documents. */
export function listCurrentCultureNames(db: Database): VersionCultureName[] {
  return selectCultureNames(
    db,
    'JOIN umbracoContentVersion v ON v.id = cvcv.versionId AND v.current = 1',
    'v.nodeId, ',
  ).map((r) => ({ nodeId: r.nodeId as number, ...toCultureName(r) }));
}

/** Languages whose draft differs from what is published (`umbracoDocumentCultureVariation.edited`). */
export function listEditedCultures(db: Database): Array<{ nodeId: number; languageId: number }> {
  return db
    .all<R>('SELECT nodeId, languageId FROM umbracoDocumentCultureVariation WHERE edited = 1')
    .map((r) => ({ nodeId: r.nodeId as number, languageId: r.languageId as number }));
}
