/** The Umbraco 8 plugin: as the Umbraco 7 one, but content summaries carry `sortOrder` (media ones still do not). */
import type { Flavor } from './flavor.ts';
import { createLegacyFlavor } from './plugin-legacy-shapes.ts';

export const pluginV8Flavor: Flavor = createLegacyFlavor({
  name: 'plugin-v8',
  sortOrderOn: new Set(['document']),
  mediaTypeChildren: 'items',
});
