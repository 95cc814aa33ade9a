import { stableGuid } from '../values/random.ts';

/**
 * The shape of the modelled site: data types, content types with their groups and properties, and
 * templates. Definitions are static; `site-builder.ts` gives them ids and resolves compositions.
 */
export type DbType = 'Integer' | 'Decimal' | 'Date' | 'Nvarchar' | 'Ntext';

export interface DataTypeDef {
  id: number;
  key: string;
  /** Short name the content type definitions use to refer to it. */
  handle: string;
  name: string;
  editorAlias: string;
  uiAlias: string;
  dbType: DbType;
  config: string | null;
  sortOrder: number;
}

/** How a property's values are made up; see `value-generators.ts`. */
export type ValueKind =
  | 'title'
  | 'phrase'
  | 'summary'
  | 'sku'
  | 'email'
  | 'urlName'
  | 'richText'
  | 'shortRichText'
  | 'richTextWithBlocks'
  | 'contentBlocks'
  | 'landingGrid'
  | 'image'
  | 'gallery'
  | 'attachments'
  | 'documentLink'
  | 'authorLink'
  | 'productLink'
  | 'relatedDocuments'
  | 'links'
  | 'tags'
  | 'publishDate'
  | 'day'
  | 'smallNumber'
  | 'stock'
  | 'price'
  | 'rating'
  | 'flag'
  | 'rareFlag'
  | 'colour'
  | 'sizes'
  | 'theme'
  | 'sortBy'
  | 'spacing';

export interface PropertyDef {
  alias: string;
  name: string;
  dataType: string;
  /** Varies by culture (only effective on a variant content type). */
  variant: boolean;
  /** Alias path of the group, e.g. `content/header`. */
  group: string;
  kind: ValueKind;
  /** Chance that a bulk item has a value; skeleton pages fill every property but the rare ones. */
  fill: number;
  mandatory?: boolean;
  description?: string;
}

export interface GroupDef {
  alias: string;
  name: string;
  /** `type` 1 in cmsPropertyTypeGroup. */
  tab: boolean;
}

export type ContentTypeKind = 'page' | 'composition' | 'element';

export interface ContentTypeDef {
  alias: string;
  name: string;
  icon: string;
  kind: ContentTypeKind;
  variant: boolean;
  description?: string;
  allowAtRoot?: boolean;
  /** Document type folder the type sits in. */
  folder?: string;
  /** Parent document type: stored as the node parent and as a cmsContentType2ContentType row. */
  inherits?: string;
  compositions?: readonly string[];
  allowedChildren?: readonly string[];
  /** Template aliases, the first is the default. */
  templates?: readonly string[];
  groups: readonly GroupDef[];
  properties: readonly PropertyDef[];
}

export interface ResolvedProperty {
  id: number;
  key: string;
  alias: string;
  dataType: DataTypeDef;
  /** Culture variation as a reader must compute it: type variations & property variations. */
  variant: boolean;
  kind: ValueKind;
  fill: number;
}

export interface ResolvedContentType {
  id: number;
  key: string;
  alias: string;
  def: ContentTypeDef;
  variant: boolean;
  isElement: boolean;
  /** Own, inherited and composed properties. */
  properties: readonly ResolvedProperty[];
  defaultTemplateId: number | null;
}

/** Content type keys depend only on the alias, so block configurations can name them up front. */
export function contentTypeKey(alias: string): string {
  return stableGuid(`content-type:${alias}`);
}

export interface PropertyOptions {
  variant?: boolean;
  fill?: number;
  mandatory?: boolean;
  description?: string;
}

export function prop(
  alias: string,
  name: string,
  dataType: string,
  kind: ValueKind,
  group: string,
  options: PropertyOptions = {},
): PropertyDef {
  return {
    alias,
    name,
    dataType,
    kind,
    group,
    variant: options.variant ?? false,
    fill: options.fill ?? 0.9,
    ...optional(options),
  };
}

function optional(options: PropertyOptions): Pick<PropertyDef, 'mandatory' | 'description'> {
  const out: Pick<PropertyDef, 'mandatory' | 'description'> = {};
  if (options.mandatory) out.mandatory = true;
  if (options.description) out.description = options.description;
  return out;
}

/** A row of umbracoLanguage; the first is the default (`isDefaultVariantLang=1`). */
export interface Language {
  id: number;
  iso: string;
  name: string;
  isDefault: boolean;
}
