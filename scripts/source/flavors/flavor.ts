/**
 * How the service speaks: one module per generation of the read interface, each with the same members, between the
 * handlers (which build the richest view) and the HTTP layer (which sends what the flavor returns). `rich` is the
 * service's own answer; the `plugin-*` flavors answer exactly as the Limbo.Umbraco.MigrationsApi plugin for that
 * Umbraco generation does (docs: read-api.md), so a crawl can be tested against every shape deployed sources send.
 */
import type { DatePrecision } from '../catalog/dates.ts';
import type { SiteCatalog } from '../catalog/site-catalog.ts';
import type { TypeView } from '../handlers/content-type-handler.ts';
import type { MissingThing } from '../handlers/errors.ts';
import type { FullItem, ItemKind } from '../handlers/item-handler.ts';
import type { ItemSummary } from '../handlers/item-view.ts';
import type { Query } from '../http/params.ts';

export const FLAVOR_NAMES = ['rich', 'plugin-v10', 'plugin-v8', 'plugin-v7'] as const;
export type FlavorName = (typeof FLAVOR_NAMES)[number];

/** One answer; `body` undefined sends an empty body, `problem` marks an RFC 9457 body. */
export interface Reply {
  status: number;
  body?: unknown;
  problem?: boolean;
}

/** Query parameters as the flavor binds them: strictly (400 naming the parameter) or leniently (defaults). */
export interface ParameterReader {
  id(query: Query): number;
  key(query: Query): string;
  alias(query: Query): string;
  maxLevel(query: Query): number | undefined;
}

export interface ItemContext {
  catalog: SiteCatalog;
  kind: ItemKind;
  maxLevel: number | undefined;
}

export interface Flavor {
  readonly name: FlavorName;
  /** Item and type dates. */
  readonly datePrecision: DatePrecision;
  /** Date property values. */
  readonly propertyDatePrecision: DatePrecision;
  /** maxLevel of an at-root answer when omitted: the whole tree (newer sources) or each root's children (older). */
  readonly atRootMaxLevel: number;
  readonly params: ParameterReader;
  summary(summary: ItemSummary, kind: ItemKind): unknown;
  item(item: FullItem, context: ItemContext): unknown;
  contentType(view: TypeView, catalog: SiteCatalog): unknown;
  mediaType(view: TypeView, catalog: SiteCatalog): unknown;
  notFound(missing: MissingThing | 'operation', detail: string): Reply;
  unauthorized(detail: string): Reply;
  methodNotAllowed(method: string, detail: string): Reply;
}
