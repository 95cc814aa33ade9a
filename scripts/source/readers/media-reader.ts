import type { Database } from '../db/database.ts';

/** Media has no published flag: the current version is what is served. */
export interface MediaVersion {
  nodeId: number;
  versionId: number;
  versionDate: string;
  name: string;
  filePath: string | null;
}

export function listMediaVersions(db: Database): MediaVersion[] {
  return db
    .all<Record<string, string | number | null>>(
      `SELECT v.nodeId, v.id AS versionId, v.versionDate, v.text, mv.path
     FROM umbracoContentVersion v JOIN umbracoMediaVersion mv ON mv.id = v.id
     WHERE v.current = 1`,
    )
    .map((r) => ({
      nodeId: r.nodeId as number,
      versionId: r.versionId as number,
      versionDate: r.versionDate as string,
      name: (r.text as string | null) ?? '',
      filePath: r.path as string | null,
    }));
}
