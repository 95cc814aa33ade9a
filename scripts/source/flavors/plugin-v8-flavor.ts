/**
 * The Umbraco 8 plugin: as the Umbraco 7 one, but content summaries carry `sortOrder` (media ones still do not), dates
 * keep their milliseconds and values are typed (decimals as JSON numbers).
 */
import type { Flavor } from './flavor.ts';
import { createLegacyFlavor } from './plugin-legacy-shapes.ts';

export const pluginV8Flavor: Flavor = createLegacyFlavor({
  name: 'plugin-v8',
  sortOrderOn: new Set(['document']),
  mediaTypeChildren: 'items',
  dates: { system: 'milliseconds', property: 'milliseconds' },
  values: 'numbers',
});
