import { createdAt, DAY, toDbDate } from '../model/demo-clock.ts';
import type { PropertyRow } from '../values/document-values.ts';
import { toDotnetJson } from '../values/dotnet-json.ts';
import type { MediaFile, PlannedMedia } from '../plan/media-plan.ts';
import type { Random } from '../values/random.ts';
import type { SiteSchema } from '../plan/site-builder.ts';
import type { ResolvedProperty } from '../model/site-model.ts';

/**
 * What Umbraco stores for a media item: one version per upload (the current one is what readers
 * serve), an umbracoMediaVersion row per version whose `path` equals the `umbracoFile` path (NULL for
 * folders), and the file metadata the upload filled in (width, height, bytes, extension).
 */
export interface GeneratedMediaVersion {
  id: number;
  current: boolean;
  date: string;
  path: string | null;
  rows: PropertyRow[];
}

export interface GeneratedMedia {
  plan: PlannedMedia;
  typeId: number;
  createDate: string;
  versions: GeneratedMediaVersion[];
}

export function generateMedia(
  plan: PlannedMedia,
  site: SiteSchema,
  total: number,
  nextVersionId: () => number,
  random: Random,
): GeneratedMedia {
  const mediaType = site.mediaTypes.get(plan.typeAlias);
  if (!mediaType) throw new Error(`unknown media type ${plan.typeAlias}`);
  const createdMs = createdAt(plan.index, total, random.int(0, 47));
  const version = (current: boolean, ms: number, file: MediaFile | null): GeneratedMediaVersion => ({
    id: nextVersionId(),
    current,
    date: toDbDate(ms),
    path: file?.path ?? null,
    rows: fileRows(mediaType.properties, file),
  });
  const versions = plan.previousFile
    ? [version(false, createdMs, plan.previousFile), version(true, createdMs + random.int(1, 300) * DAY, plan.file)]
    : [version(true, createdMs, plan.file)];
  return { plan, typeId: mediaType.def.id, createDate: toDbDate(createdMs), versions };
}

function fileRows(properties: readonly ResolvedProperty[], file: MediaFile | null): PropertyRow[] {
  if (!file) return [];
  const raw: Record<string, string | number | null> = {
    umbracoFile:
      file.width === null
        ? file.path
        : toDotnetJson({ src: file.path, crops: [], focalPoint: { left: 0.5, top: 0.5 } }),
    umbracoWidth: file.width,
    umbracoHeight: file.height,
    umbracoBytes: String(file.bytes),
    umbracoExtension: file.extension,
  };
  return properties.flatMap((property) => {
    const value = raw[property.alias];
    return value === null || value === undefined ? [] : [{ property, languageId: null, raw: value }];
  });
}
