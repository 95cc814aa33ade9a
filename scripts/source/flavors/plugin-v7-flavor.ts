/**
 * The Umbraco 7 plugin: no `sortOrder`; its media-type entries of `allowedContentTypes` are `null` (it looks them up
 * among content types, where media types are not found); item dates from the XML cache (whole seconds, `.000`);
 * every property value as the XML cache's text (`"866"`, `""` when empty, dates without an offset).
 */
import type { Flavor } from './flavor.ts';
import { createLegacyFlavor } from './plugin-legacy-shapes.ts';

export const pluginV7Flavor: Flavor = createLegacyFlavor({
  name: 'plugin-v7',
  sortOrderOn: new Set(),
  mediaTypeChildren: 'nulls',
  dates: { system: 'whole-seconds-as-milliseconds', property: 'naive' },
  values: 'text',
});
