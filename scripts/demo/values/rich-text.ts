import type { Random } from './random.ts';
import { udi } from './random.ts';
import type { ReferencePool } from '../plan/reference-pool.ts';
import { phrase, sentence, sentences } from './text-generator.ts';

/**
 * Rich text markup as the v15+ editor stores it inside `{"markup":…,"blocks":…}`: paragraphs with links
 * to documents (`/{localLink:umb://document/…}` and the older `data-udi` form), images carrying
 * `data-udi="umb://media/…"`, headings and lists, and `<umb-rte-block>` placeholders for blocks.
 */
export function richTextMarkup(
  random: Random,
  iso: string,
  refs: ReferencePool,
  blockKeys: readonly string[] = [],
  maxParagraphs = 3,
): string {
  const parts: string[] = [];
  const count = random.int(1, maxParagraphs);
  for (let i = 0; i < count; i++) parts.push(paragraph(random, iso, refs));
  if (random.chance(0.3)) parts.splice(1, 0, `<h2>${escapeHtml(phrase(random, iso))}</h2>`);
  if (random.chance(0.35)) parts.push(image(random, refs));
  if (random.chance(0.2)) parts.push(list(random, iso));
  for (const key of blockKeys)
    parts.splice(
      random.int(0, parts.length),
      0,
      `<umb-rte-block data-content-key="${key}"><!--Umbraco-Block--></umb-rte-block>`,
    );
  return parts.join('\n');
}

function paragraph(random: Random, iso: string, refs: ReferencePool): string {
  const text = escapeHtml(sentences(random, iso, random.int(1, 2)));
  const roll = random.next();
  if (roll < 0.25) return `<p>${text} ${localLink(random, iso, refs)}</p>`;
  if (roll < 0.35) return `<p>${legacyLink(random, iso, refs)} ${text}</p>`;
  if (roll < 0.45)
    return (
      `<p>${text} <a href="https://example.org/${random.token(6)}" target="_blank" ` +
      `rel="noopener">${escapeHtml(phrase(random, iso))}</a></p>`
    );
  return `<p>${text}</p>`;
}

function localLink(random: Random, iso: string, refs: ReferencePool): string {
  const label = escapeHtml(phrase(random, iso));
  return `<a href="/{localLink:${udi('document', refs.document(random))}}" title="${label}">${label}</a>`;
}

function legacyLink(random: Random, iso: string, refs: ReferencePool): string {
  const label = escapeHtml(phrase(random, iso));
  return (
    `<a data-udi="${udi('document', refs.document(random))}" href="/${random.token(5)}/" ` +
    `title="${label}">${label}</a>`
  );
}

function image(random: Random, refs: ReferencePool): string {
  const target = refs.image(random);
  const width = 500;
  const height = Math.round((target.height / Math.max(target.width, 1)) * width);
  return (
    `<p><img src="${target.path}?rmode=max&amp;width=${width}&amp;height=${height}" alt="" ` +
    `width="${width}" height="${height}" data-udi="${udi('media', target.key)}"></p>`
  );
}

function list(random: Random, iso: string): string {
  const items = Array.from({ length: random.int(2, 4) }, () => `<li>${escapeHtml(sentence(random, iso))}</li>`);
  return `<ul>${items.join('')}</ul>`;
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
