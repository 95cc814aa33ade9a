/**
 * A content type's templates between two snapshots, matched by key (id, else alias): a template renamed is no change
 * of the types that allow it. Told by alias, as a migration mapping names them.
 */
import type { ContentTypeRecord } from '../core/snapshot-format.ts';

export interface TemplateRef {
  identity: string;
  label: string;
}

/** A template as sent (`{ id, key, alias, name }`, or an alias alone); undefined for none. */
export function templateRefOf(template: unknown): TemplateRef | undefined {
  if (typeof template === 'string') return { identity: `alias:${template}`, label: template };
  if (template === null || typeof template !== 'object') return undefined;
  const { key, id, alias, name } = template as Record<string, unknown>;
  const label = typeof alias === 'string' ? alias : typeof name === 'string' ? name : String(key ?? id ?? '');
  const identity =
    typeof key === 'string' ? `key:${key.toLowerCase()}` : typeof id === 'number' ? `id:${id}` : `alias:${label}`;
  return { identity, label };
}

const listRefs = (templates: unknown): TemplateRef[] =>
  (Array.isArray(templates) ? templates : []).flatMap((template) => templateRefOf(template) ?? []);

export function compareTemplates(
  before: ContentTypeRecord,
  after: ContentTypeRecord,
): { field: string; from: unknown; to: unknown }[] {
  const fields: { field: string; from: unknown; to: unknown }[] = [];
  const [oldDefault, newDefault] = [templateRefOf(before.defaultTemplate), templateRefOf(after.defaultTemplate)];
  if (oldDefault?.identity !== newDefault?.identity)
    fields.push({ field: 'defaultTemplate', from: oldDefault?.label ?? null, to: newDefault?.label ?? null });
  const [oldAllowed, newAllowed] = [listRefs(before.allowedTemplates), listRefs(after.allowedTemplates)];
  const identities = (refs: TemplateRef[]): string => JSON.stringify(refs.map((ref) => ref.identity).sort());
  if (identities(oldAllowed) !== identities(newAllowed)) {
    const labels = (refs: TemplateRef[]): string[] => refs.map((ref) => ref.label).sort();
    fields.push({ field: 'allowedTemplates', from: labels(oldAllowed), to: labels(newAllowed) });
  }
  return fields;
}
