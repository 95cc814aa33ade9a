/**
 * The documented shapes of read-api.md, one strict schema per interface variant: the Umbraco 7, 8 and 10–13 plugins
 * and the local read service (the plugin's newest shape plus its README's additive fields). A body that one variant
 * explains is no deviation; the variant is noted once per body kind. Deviations list only what none explains,
 * measured against the variant that explains the most.
 */
import { z } from 'zod';
import { GUID_PATTERN } from '../../core/identifiers.ts';

const guid = z.string().regex(GUID_PATTERN, 'expected a GUID');
const int = z.number().int();
const OFFSET = '(Z|[+-]\\d{2}:\\d{2})';
/** The local service: second precision. Every plugin generation (Umbraco 7, 8, 10+): milliseconds. */
const secondsDate = z
  .string()
  .regex(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}${OFFSET}$`),
    'expected an ISO 8601 date-time at second precision with an offset',
  );
const millisDate = z
  .string()
  .regex(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d+${OFFSET}$`),
    'expected an ISO 8601 date-time with milliseconds and an offset',
  );

export interface DocumentedVariant {
  name: string;
  schema: z.ZodType;
}

function summaryFields(date: z.ZodString, sortOrder: boolean) {
  return {
    id: int,
    key: guid,
    name: z.string(),
    url: z.string(),
    type: z.string(),
    createDate: date,
    updateDate: date,
    ...(sortOrder ? { sortOrder: int } : {}),
    children: z.array(z.unknown()).optional(),
  };
}

const property = z.strictObject({ alias: z.string(), editorAlias: z.string(), value: z.unknown() });
const properties = z.record(z.string(), property);

function fullItem(date: z.ZodString, sortOrder: boolean, pathChildren: boolean, extra: z.core.$ZodLooseShape = {}) {
  const { children: _children, ...ancestor } = summaryFields(date, sortOrder);
  const pathEntry = pathChildren ? { ...ancestor, children: z.array(z.unknown()).optional() } : ancestor;
  return z.strictObject({
    ...summaryFields(date, sortOrder),
    path: z.array(z.strictObject(pathEntry)),
    properties,
    ...extra,
  });
}

const culture = z.strictObject({
  name: z.string(),
  url: z.string(),
  urlSegment: z.string(),
  updateDate: secondsDate.nullable(),
  properties,
});
/** The local service's additive fields (its README): `urlSegment` and `template` on every content item. */
const localAdditions = {
  urlSegment: z.string(),
  template: z.strictObject({ id: int, key: guid, alias: z.string(), name: z.string() }).nullable(),
  cultures: z.record(z.string(), culture).optional(),
};

/** Summaries: with `sortOrder` (Umbraco 8 content, 10+) or without (Umbraco 7, 7/8 media); the local service's. */
export const SUMMARY_VARIANTS: readonly DocumentedVariant[] = [
  { name: 'sortOrder', schema: z.strictObject(summaryFields(millisDate, true)) },
  { name: 'no-sortOrder', schema: z.strictObject(summaryFields(millisDate, false)) },
  { name: 'local-service', schema: z.strictObject(summaryFields(secondsDate, true)) },
];

/** Content items of the Umbraco 8 and 10–13 plugins have one shape (their values differ, read-api.md). */
export const CONTENT_ITEM_VARIANTS: readonly DocumentedVariant[] = [
  { name: 'plugin-v8/v10', schema: fullItem(millisDate, true, false) },
  { name: 'local-service', schema: fullItem(secondsDate, true, false, localAdditions) },
  { name: 'plugin-v7', schema: fullItem(millisDate, false, false) },
];

/** The Umbraco 7 and 8 plugins map media alike: no `sortOrder`, ancestors with their children. */
export const MEDIA_ITEM_VARIANTS: readonly DocumentedVariant[] = [
  { name: 'plugin-v10', schema: fullItem(millisDate, true, false) },
  { name: 'local-service', schema: fullItem(secondsDate, true, false) },
  { name: 'plugin-v7/v8', schema: fullItem(millisDate, false, true) },
];

const propertyType = {
  id: int,
  key: guid,
  alias: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: int,
  editorAlias: z.string(),
  dataTypeId: int,
  mandatory: z.boolean(),
};
const legacyReference = z.strictObject({ id: int, key: guid, alias: z.string(), name: z.string() });
const template = (withPath: boolean) =>
  z.strictObject({
    id: int,
    key: guid,
    alias: z.string(),
    ...(withPath ? { path: z.string() } : {}),
    name: z.string(),
  });

function typeItemFields(date: z.ZodString) {
  return {
    id: int,
    key: guid,
    alias: z.string(),
    path: z.string(),
    name: z.string(),
    icon: z.string(),
    element: z.boolean(),
    createDate: date,
    updateDate: date,
  };
}

/** Content types and media types (which have no template fields) of the plugin's newest shape. */
function newerType(date: z.ZodString, local: boolean) {
  const localProperty = {
    variesByCulture: z.boolean(),
    blockGridAreas: z.array(z.strictObject({ key: guid, alias: z.string() })).optional(),
  };
  const typeProperty = z.strictObject({ ...propertyType, ...(local ? localProperty : {}) });
  const group = z.strictObject({
    id: int,
    key: guid,
    name: z.string(),
    sortOrder: int,
    propertyTypes: z.array(typeProperty),
    properties: z.array(typeProperty),
    ...(local ? { alias: z.string(), type: z.enum(['group', 'tab']) } : {}),
  });
  const item = z.strictObject(typeItemFields(date));
  return z.strictObject({
    ...typeItemFields(date),
    allowedAsRoot: z.boolean(),
    defaultTemplate: template(true).nullable().optional(),
    allowedTemplates: z.array(template(true)).optional(),
    allowedContentTypes: z.array(item),
    compositions: z.array(item),
    propertyGroups: z.array(group),
    tabs: z.array(group),
    ...(local ? { variesByCulture: z.boolean(), ungroupedPropertyTypes: z.array(typeProperty).optional() } : {}),
  });
}

/** Umbraco 7 and 8: `tabs` only, `allowedTemplate` as an array; a type not found maps to `null` entries. */
const legacyType = z.strictObject({
  id: int,
  key: guid,
  alias: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  tabs: z.array(
    z.strictObject({
      id: int,
      key: guid,
      name: z.string(),
      sortOrder: int,
      properties: z.array(z.strictObject(propertyType)),
    }),
  ),
  defaultTemplate: template(false).nullable().optional(),
  allowedAsRoot: z.boolean(),
  allowedContentTypes: z.array(legacyReference.nullable()),
  allowedTemplate: z.array(template(false)).optional(),
  compositions: z.array(legacyReference.nullable()),
});

export const CONTENT_TYPE_VARIANTS: readonly DocumentedVariant[] = [
  { name: 'plugin-v10', schema: newerType(millisDate, false) },
  { name: 'local-service', schema: newerType(secondsDate, true) },
  { name: 'plugin-v7/v8', schema: legacyType },
];

export type ShapeCheck = { variant: string } | { variant: undefined; issues: z.core.$ZodIssue[] };

/** Tries the variant that matched last time first: one source speaks one variant, so a crawl mostly parses once. */
export function createShapeChecker(variants: readonly DocumentedVariant[]): (body: unknown) => ShapeCheck {
  let order = [...variants];
  return (body) => {
    let closest: z.core.$ZodIssue[] | undefined;
    for (const variant of order) {
      const parsed = variant.schema.safeParse(body);
      if (parsed.success) {
        if (order[0] !== variant) order = [variant, ...order.filter((v) => v !== variant)];
        return { variant: variant.name };
      }
      if (closest === undefined || parsed.error.issues.length < closest.length) closest = parsed.error.issues;
    }
    return { variant: undefined, issues: closest ?? [] };
  };
}
