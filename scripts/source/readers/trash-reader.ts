import type { Database } from '../db/database.ts';

/** Where a trashed item lived and when it was trashed, from the relation Umbraco writes on delete. */
export interface TrashRelation {
  nodeId: number;
  originalParentId: number;
  trashedDate: string;
}

// Umbraco relates a trashed item to its parent so "Restore" can put it back; the relation's date is the trashing.
const TRASH_RELATION_TYPES = ['relateParentDocumentOnDelete', 'relateParentMediaFolderOnDelete'];

export function listTrashRelations(db: Database): TrashRelation[] {
  const tables = db.listTables();
  if (!tables.has('umbracorelation') || !tables.has('umbracorelationtype')) return [];
  return db
    .all<Record<string, string | number | null>>(
      `SELECT r.childId, r.parentId, r.datetime
     FROM umbracoRelation r JOIN umbracoRelationType rt ON rt.id = r.relType
     WHERE rt.alias IN (?, ?) ORDER BY r.id`,
      TRASH_RELATION_TYPES,
    )
    .map((r) => ({
      nodeId: r.childId as number,
      originalParentId: r.parentId as number,
      trashedDate: r.datetime as string,
    }));
}

export interface ScheduleEntry {
  nodeId: number;
  languageId: number | null;
  date: string;
  /** As stored: `Release` (publish) or `Expire` (unpublish). */
  action: string;
}

/** Scheduled publishing and unpublishing (`umbracoContentSchedule`), per language for culture-variant documents. */
export function listSchedule(db: Database): ScheduleEntry[] {
  if (!db.listTables().has('umbracocontentschedule')) return [];
  return db
    .all<Record<string, string | number | null>>(
      'SELECT nodeId, languageId, date, action FROM umbracoContentSchedule ORDER BY date, nodeId, languageId',
    )
    .map((r) => ({
      nodeId: r.nodeId as number,
      languageId: r.languageId as number | null,
      date: r.date as string,
      action: r.action as string,
    }));
}
