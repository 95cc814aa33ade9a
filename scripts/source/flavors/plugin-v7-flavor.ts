/**
 * The Umbraco 7 plugin: no `sortOrder`, and its media-type entries of `allowedContentTypes` are `null` (it looks
 * them up among content types, where media types are not found).
 */
import type { Flavor } from './flavor.ts';
import { createLegacyFlavor } from './plugin-legacy-shapes.ts';

export const pluginV7Flavor: Flavor = createLegacyFlavor({
  name: 'plugin-v7',
  sortOrderOn: new Set(),
  mediaTypeChildren: 'nulls',
});
