import { FIRST_NAMES, LAST_NAMES, PAGE_NAME_TRANSLATIONS } from '../values/lexicon.ts';
import type { Random } from '../values/random.ts';
import type { SiblingSegments } from './sibling-segments.ts';
import type { BuiltContentType } from './site-builder.ts';
import type { Language } from '../model/site-model.ts';
import { phrase, randomConcept, titleFor } from '../values/text-generator.ts';
import type { PlannedDocument } from './tree-plan.ts';

/**
 * Names, URL names, segments and publishing flags per culture. Invariant documents get one entry per
 * language sharing one name: Umbraco 17.0 writes their URL segment once per language.
 */
export interface CultureState {
  language: Language;
  published: boolean;
  edited: boolean;
  publishedName: string | null;
  draftName: string;
  publishedUrlName: string | null;
  draftUrlName: string | null;
  publishedSegment: string | null;
  draftSegment: string;
}

export interface CultureInput {
  plan: PlannedDocument;
  type: BuiltContentType;
  languages: readonly Language[];
  hasPublishedVersion: boolean;
  documentPublished: boolean;
}

export function planCultures(input: CultureInput, random: Random, segments: SiblingSegments): CultureState[] {
  const { plan, type, languages } = input;
  const concept = randomConcept(random);
  const person = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const nameFor = (iso: string): string =>
    plan.person
      ? plan.name || person
      : plan.name
        ? (PAGE_NAME_TRANSLATIONS[plan.name]?.[iso] ?? plan.name)
        : titleFor(concept, iso);
  const hasUrlName = type.properties.some((p) => p.alias === 'umbracoUrlName');
  const urlNameFor = (language: Language): string | null =>
    !hasUrlName
      ? null
      : language.isDefault && plan.urlName
        ? plan.urlName
        : !plan.skeleton && random.chance(0.03)
          ? phrase(random, language.iso)
          : null;
  const renamed = plan.state === 'edited' && random.chance(0.15);
  if (!type.variant) {
    const [first] = languages as [Language];
    return claim(input, languages, nameFor(first.iso), urlNameFor(first), renamed, segments).map((state) => ({
      ...state,
      published: input.documentPublished,
    }));
  }
  const available = languages.filter((l) => l.isDefault || plan.skeleton || random.chance(0.85));
  const states = available.map(
    (language) =>
      claim(
        input,
        [language],
        nameFor(language.iso),
        urlNameFor(language),
        renamed && random.chance(0.5),
        segments,
      )[0] as CultureState,
  );
  for (const state of states)
    state.published = input.documentPublished && (plan.skeleton || state.language.isDefault || random.chance(0.85));
  const defaultState = states[0] as CultureState;
  if (defaultState.published && states.some((s) => !s.language.isDefault && s.published) && random.chance(0.01))
    defaultState.published = false;
  return states;
}

function claim(
  input: CultureInput,
  languages: readonly Language[],
  name: string,
  urlName: string | null,
  renamed: boolean,
  segments: SiblingSegments,
): CultureState[] {
  const cultures = languages.map((l) => l.iso);
  const parentId = input.plan.parentId;
  const published = input.hasPublishedVersion ? segments.claim(parentId, cultures, name, urlName) : null;
  const draft = !published
    ? segments.claim(parentId, cultures, name, urlName)
    : !renamed
      ? published
      : published.urlName !== null
        ? { ...published, name: `${published.name}, revised` }
        : segments.claim(parentId, cultures, `${published.name}, revised`, null);
  return languages.map((language) => ({
    language,
    published: false,
    edited: false,
    publishedName: published?.name ?? null,
    draftName: draft.name,
    publishedUrlName: published?.urlName ?? null,
    draftUrlName: draft.urlName,
    publishedSegment: published?.segment ?? null,
    draftSegment: draft.segment,
  }));
}
