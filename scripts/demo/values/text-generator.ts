import { LEXICONS, type Lexicon } from './lexicon.ts';
import type { Random } from './random.ts';

/**
 * Titles and prose. A title is drawn once as a language-neutral concept (word indexes) and rendered
 * in each culture, so culture names of one document correspond.
 */
export interface Concept {
  pattern: number;
  adjective: number;
  noun: number;
  noun2: number;
  topic: number;
  number: number;
}

const PATTERN_WEIGHTS = [5, 30, 20, 15, 30];

export function randomConcept(random: Random): Concept {
  let roll = random.int(1, 100);
  let pattern = 0;
  while (pattern < PATTERN_WEIGHTS.length - 1 && roll > (PATTERN_WEIGHTS[pattern] ?? 0))
    roll -= PATTERN_WEIGHTS[pattern++] ?? 0;
  return {
    pattern,
    adjective: random.int(0, 29),
    noun: random.int(0, 29),
    noun2: random.int(0, 29),
    topic: random.int(0, 19),
    number: random.int(2, 999),
  };
}

export function titleFor(concept: Concept, iso: string): string {
  const lex = lexicon(iso);
  const a = word(lex.adjectives, concept.adjective);
  const n = word(lex.nouns, concept.noun);
  const t = word(lex.topics, concept.topic);
  switch (concept.pattern) {
    case 0:
      return capitalize(`${a} ${n}`);
    case 1:
      return capitalize(`${a} ${n} ${lex.and} ${word(lex.nouns, concept.noun2)}`);
    case 2:
      return `${t}: ${a} ${n}`;
    case 3:
      return `${t} ${lex.guide}: ${a} ${n}`;
    default:
      return capitalize(`${a} ${n} ${concept.number}`);
  }
}

export function sentence(random: Random, iso: string): string {
  const lex = lexicon(iso);
  const subject = `${lex.the} ${random.pick(lex.adjectives)} ${random.pick(lex.nouns)}`;
  return (
    `${subject} ${random.pick(lex.verbs)} ${lex.the.toLowerCase()} ${random.pick(lex.adjectives)} ` +
    `${random.pick(lex.nouns)}.`
  );
}

export function sentences(random: Random, iso: string, count: number): string {
  return Array.from({ length: count }, () => sentence(random, iso)).join(' ');
}

/** A short phrase for captions and highlights. */
export function phrase(random: Random, iso: string): string {
  const lex = lexicon(iso);
  return capitalize(`${random.pick(lex.adjectives)} ${random.pick(lex.nouns)}`);
}

export function words(random: Random, iso: string, count: number): string[] {
  const lex = lexicon(iso);
  return Array.from({ length: count }, () => random.pick(lex.nouns));
}

function lexicon(iso: string): Lexicon {
  return LEXICONS[iso] ?? (LEXICONS['en-US'] as Lexicon);
}

function word(list: readonly string[], index: number): string {
  return list[index % list.length] ?? '';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
