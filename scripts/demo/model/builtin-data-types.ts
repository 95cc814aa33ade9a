import type { DataTypeDef, DbType } from './site-model.ts';
import { EDITOR_ROWS } from './builtin-editor-data-types.ts';
import { SYSTEM_ROWS } from './builtin-system-data-types.ts';

/**
 * Data types a fresh Umbraco 17 install creates, with the ids, keys, editors, value types and
 * configuration of the real 17.0 database. Media metadata relies on the labels: −105 "Label (pixels)"
 * (Integer) for width/height, −104 "Label (bytes)" (Nvarchar) for size, −92 "Label (string)".
 */
export type BuiltinRow = [number, string, string, string, string, DbType, string | null, string, number];

const ROWS: BuiltinRow[] = [...SYSTEM_ROWS, ...EDITOR_ROWS];

export const BUILTIN_DATA_TYPES: readonly DataTypeDef[] = ROWS.map(
  ([id, key, handle, name, editorAlias, dbType, config, ui, sortOrder]) => ({
    id,
    key,
    handle,
    name,
    editorAlias,
    dbType,
    config,
    sortOrder,
    uiAlias: `Umb.PropertyEditorUi.${ui}`,
  }),
);
