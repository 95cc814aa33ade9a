/**
 * What the source could not show, said where the figures are: deployed plugins send names, URLs and values in the
 * default language only, and without a list-all operation types that nothing references never reach the snapshot.
 */
import { loadSiteData } from '../site-data/load-site-data.ts';
import { getSiteLanguages } from './site-languages.ts';

export interface SourceLimits {
  /**
   * No item came with per-language data, and languages may differ (the source did not say that nothing varies by
   * culture or that one language is configured): references, orphans and languages are the default language's.
   */
  defaultLanguageOnly: boolean;
  /** The source listed no full set of types: only referenced ones are known. */
  referencedTypesOnly: boolean;
}

export async function getSourceLimits(): Promise<SourceLimits> {
  const data = await loadSiteData();
  return {
    defaultLanguageOnly: (await getSiteLanguages()).defaultLanguageOnly,
    referencedTypesOnly: !(data.manifest.interfaceVariant.contentTypeList ?? []).includes('full'),
  };
}

export const LIMIT_TEXT = {
  defaultLanguage:
    "The source sent no per-language data, so these figures are the default language's: " +
    'references held only in other languages are not counted.',
  referencedTypes:
    'The source offered no full list of types, so only types that items reference (as their type, a composition, ' +
    'an allowed child or a block element) are shown; types nothing references could not be shown.',
} as const;
