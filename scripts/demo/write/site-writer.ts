import type { Inserts } from './database-writer.ts';
import { INSTALL_DATE, toDbDate } from '../model/demo-clock.ts';
import { builtinPropertyKey, MEDIA_TYPES } from '../model/media-types.ts';
import { stableGuid } from '../values/random.ts';
import type { BuiltContentType, SiteSchema } from '../plan/site-builder.ts';
import type { Language } from '../model/site-model.ts';
import {
  ADMIN_USER_ID,
  domainNameFor,
  KEY_VALUES,
  OBJECT_TYPE,
  ROOT_ID,
  SYSTEM_NODES,
} from '../model/umbraco-constants.ts';

/**
 * Rows that exist before any content: the admin user, system nodes, languages, data types, document
 * type folders, content types (groups, property types, compositions, allowed children), templates and
 * the key-value rows a reader uses to detect the version.
 */
const INSTALLED = toDbDate(INSTALL_DATE);
const LIST_VIEW_CONTENT = 'C0808DD3-8133-4E4B-8CE8-E2BEA84A96A4';

export function writeSite(insert: Inserts, site: SiteSchema, languages: readonly Language[]): void {
  insert.umbracoUser(
    ADMIN_USER_ID,
    0,
    stableGuid('user:admin'),
    0,
    'Administrator',
    'admin@example.com',
    'demo-not-a-password',
    '{"hashAlgorithm":"PBKDF2.ASPNETCORE.V3"}',
    'admin@example.com',
    'en-US',
    INSTALLED,
    INSTALLED,
    0,
  );
  for (const node of SYSTEM_NODES) {
    insert.umbracoNode(
      node.id,
      node.key,
      ROOT_ID,
      0,
      node.path,
      0,
      0,
      ADMIN_USER_ID,
      node.text,
      node.objectType,
      INSTALLED,
    );
  }
  for (const language of languages) {
    insert.umbracoLanguage(language.id, language.iso, language.name, language.isDefault ? 1 : 0, 0, null);
  }
  for (const [key, value] of KEY_VALUES) insert.umbracoKeyValue(key, value, INSTALLED);
  for (const dt of site.dataTypes) {
    topLevelNode(insert, dt.id, dt.key, dt.sortOrder, dt.name, OBJECT_TYPE.dataType);
    insert.umbracoDataType(dt.id, dt.editorAlias, dt.dbType, dt.config, dt.uiAlias);
  }
  for (const folder of site.folders)
    topLevelNode(insert, folder.id, folder.key, folder.sortOrder, folder.name, OBJECT_TYPE.documentTypeFolder);
  writeMediaTypes(insert);
  writeTemplates(insert, site);
  site.contentTypes.forEach((type) => writeContentType(insert, type));
}

/** Real databases give new user nodes the admin as creator; templates have NULL. */
function topLevelNode(
  insert: Inserts,
  id: number,
  key: string,
  sortOrder: number,
  text: string,
  objectType: string,
): void {
  insert.umbracoNode(id, key, ROOT_ID, 1, `-1,${id}`, sortOrder, 0, ADMIN_USER_ID, text, objectType, INSTALLED);
}

function writeMediaTypes(insert: Inserts): void {
  for (const type of MEDIA_TYPES) {
    topLevelNode(insert, type.id, type.key, 2, type.alias, OBJECT_TYPE.mediaType);
    insert.cmsContentType(type.pk, type.id, type.alias, type.icon, type.icon, null, null, 0, 1, 0);
    if (type.group)
      insert.cmsPropertyTypeGroup(type.group.id, type.group.key, type.id, 0, type.group.name, type.group.alias, 1);
    type.properties.forEach((p, i) =>
      insert.cmsPropertyType(
        p.id,
        p.dataTypeId,
        type.id,
        type.group?.id ?? null,
        p.alias,
        p.name,
        i,
        p.mandatory ? 1 : 0,
        null,
        0,
        0,
        builtinPropertyKey(p.id),
      ),
    );
  }
  for (const child of MEDIA_TYPES) insert.cmsContentTypeAllowedContentType(MEDIA_TYPES[0]?.id ?? 1031, child.id, 0);
}

/** Template nodes stay at level 1 even under the master template, as in the 17.0 database. */
function writeTemplates(insert: Inserts, site: SiteSchema): void {
  for (const t of site.templates) {
    insert.umbracoNode(t.id, t.key, t.parentId, 1, t.path, 0, 0, null, t.alias, OBJECT_TYPE.template, INSTALLED);
    insert.cmsTemplate(t.pk, t.id, t.alias);
  }
}

function writeContentType(insert: Inserts, type: BuiltContentType): void {
  const { def } = type;
  const level = type.parentId === ROOT_ID ? 1 : 2;
  insert.umbracoNode(
    type.id,
    type.key,
    type.parentId,
    level,
    type.path,
    type.sortOrder,
    0,
    ADMIN_USER_ID,
    def.name,
    OBJECT_TYPE.documentType,
    INSTALLED,
  );
  const listView = def.alias === 'articleList' || def.alias === 'dataFolder' ? LIST_VIEW_CONTENT : null;
  insert.cmsContentType(
    type.pk,
    type.id,
    def.alias,
    def.icon,
    'folder.png',
    def.description ?? null,
    listView,
    type.isElement ? 1 : 0,
    def.allowAtRoot ? 1 : 0,
    type.variant ? 1 : 0,
  );
  for (const g of type.groups)
    insert.cmsPropertyTypeGroup(g.id, g.key, type.id, g.tab ? 1 : 0, g.name, g.alias, g.sortOrder);
  for (const own of type.own) {
    const p = own.property;
    const declaredVariant = def.properties[own.sortOrder]?.variant ?? false;
    insert.cmsPropertyType(
      p.id,
      p.dataType.id,
      type.id,
      own.groupId,
      p.alias,
      own.name,
      own.sortOrder,
      own.mandatory ? 1 : 0,
      own.description,
      0,
      declaredVariant ? 1 : 0,
      p.key,
    );
  }
  for (const parentId of type.parentTypeIds) insert.cmsContentType2ContentType(parentId, type.id);
  type.allowedChildIds.forEach((childId, i) => insert.cmsContentTypeAllowedContentType(type.id, childId, i));
  type.templateIds.forEach((templateId, i) => insert.cmsDocumentType(type.id, templateId, i === 0 ? 1 : 0));
}

/** One path-prefix domain per language on the second site's root, like `/en` and `/da`. */
export function writeDomains(insert: Inserts, rootId: number, languages: readonly Language[]): void {
  languages.forEach((language, i) => insert.umbracoDomain(i + 1, language.id, rootId, domainNameFor(language.iso), i));
}
