/**
 * The messages between a large table's page (table-source.ts) and its worker (table-worker.ts): the page asks for a
 * view's page of rows or for the whole view as a download, the worker answers with the same `id`.
 */
import type { CellValue } from '../lib/tables/table-model.ts';
import type { TableQuery } from './table-engine.ts';

export interface OpenRequest {
  kind: 'open';
  /** The table file's URL; deferred columns come from `<file without .json>.<column>.json`. */
  src: string;
  /** Deferred columns fetched with the table (the shown ones), before the text index is built. */
  keys: string[];
}

export interface ViewRequest {
  kind: 'view';
  id: number;
  query: TableQuery;
  page: number;
  size: number;
  /** Keys of the columns the view shows, filters or sorts on: deferred ones among them are fetched first. */
  keys: string[];
}

export interface ExportRequest {
  kind: 'export';
  id: number;
  query: TableQuery;
  format: 'csv' | 'json';
  /** Column indexes written, in order. */
  columns: number[];
}

export type TableRequest = OpenRequest | ViewRequest | ExportRequest;

export interface ViewAnswer {
  id: number;
  total: number;
  /** The page shown, clamped to the view's pages. */
  page: number;
  /** Per facet column index, the count of each value among rows passing every other filter. */
  counts: Array<[number, number[]]>;
  /** The page's rows, each with every column's value in the table's order. */
  rows: CellValue[][];
}

export interface ExportAnswer {
  id: number;
  text: string;
}

export interface ErrorAnswer {
  id: number;
  error: string;
}

export type TableAnswer = ViewAnswer | ExportAnswer | ErrorAnswer;
