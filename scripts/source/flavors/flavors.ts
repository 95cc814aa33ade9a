import type { Flavor, FlavorName } from './flavor.ts';
import { pluginV10Flavor } from './plugin-v10-flavor.ts';
import { pluginV7Flavor } from './plugin-v7-flavor.ts';
import { pluginV8Flavor } from './plugin-v8-flavor.ts';
import { richFlavor } from './rich-flavor.ts';

const FLAVORS: Record<FlavorName, Flavor> = {
  rich: richFlavor,
  'plugin-v10': pluginV10Flavor,
  'plugin-v8': pluginV8Flavor,
  'plugin-v7': pluginV7Flavor,
};

export const getFlavor = (name: FlavorName): Flavor => FLAVORS[name];
