/**
 * The query the search page hands to Pagefind: split at the punctuation Pagefind would drop and join across, with
 * apostrophes joined and an exact-phrase query's double quotes kept. Expectations are written out by hand from those
 * rules (src/scripts/search-query.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markedParts, queryWords, searchTerms } from '../../src/scripts/search-query.ts';

describe('the search page query', () => {
  it('splits hyphenated words, paths, dates and SKUs into their parts', () => {
    const cases: Array<[string, string]> = [
      ['rustic-coffee', 'rustic coffee'],
      ['rustic–coffee', 'rustic coffee'], // en dash
      ['/news/more-21102/quick-orchard-399/', 'news more 21102 quick orchard 399'],
      ['SKU-2293N4', 'SKU 2293N4'],
      ['2020-02-13', '2020 02 13'],
      ['file.name.jpg', 'file name jpg'],
      ['(draft) [old] {x}', 'draft old x'],
      ['«Quoted» name', 'Quoted name'],
      ['a , b ;; c', 'a b c'],
      ['  spaced \t out  ', 'spaced out'],
    ];
    for (const [q, want] of cases) assert.equal(searchTerms(q), want, q);
  });

  it('keeps apostrophes inside words, as the index joins them', () => {
    assert.equal(searchTerms("don't stop"), "don't stop");
    assert.equal(searchTerms('it’s here'), 'it’s here');
  });

  it('keeps an exact-phrase query in double quotes and splits inside it', () => {
    assert.equal(searchTerms('"quick-orchard 9"'), '"quick orchard 9"');
    assert.equal(searchTerms('  "two words"  '), '"two words"');
    // Pagefind reads a query that starts and ends with a double quote as one phrase; so does the page.
    assert.equal(searchTerms('"a" and "b"'), '"a and b"');
    assert.equal(searchTerms('say "hi" now'), 'say hi now', 'quotes inside a query are punctuation');
    assert.equal(searchTerms('""'), '');
    assert.equal(searchTerms('"---"'), '');
  });

  it('leaves nothing to search for punctuation alone', () => {
    for (const q of ['', '   ', '---', '/', '"', '.,;:!?']) assert.equal(searchTerms(q), '', JSON.stringify(q));
  });

  it('leaves other characters as they are: symbols, connectors, controls, bidi marks, lone surrogates', () => {
    for (const q of ['__proto__', 'constructor', 'a+b', '$5', 'x\u202Ey', 'a\u0007b', 'a\uD800b', 'line\u2028sep'])
      assert.equal(searchTerms(q), q.replace(/\s+/gu, ' '), JSON.stringify(q));
  });

  it('gives the words as searched, lower-case, for ranking names', () => {
    assert.deepEqual(queryWords('Rustic-Coffee'), ['rustic', 'coffee']);
    assert.deepEqual(queryWords('"Quick Orchard"'), ['quick', 'orchard']);
    assert.deepEqual(queryWords(' / '), []);
  });

  describe('the parts of a marked excerpt word', () => {
    const marks = (token: string, words: string[]) =>
      markedParts(token, words)
        .map(({ text, mark }) => (mark ? `[${text}]` : text))
        .join('');

    it('marks only the parts of a URL path or a hyphenated word that hold a query word', () => {
      assert.equal(marks('/about-us/our-team/rainy-forest/', ['rainy']), '/about-us/our-team/[rainy]-forest/');
      assert.equal(
        marks('/about-us/our-team/rainy-forest/', ['rainy', 'forest']),
        '/about-us/our-team/[rainy]-[forest]/',
      );
      assert.equal(marks('rustic-coffee', ['rustic', 'coffee']), '[rustic]-[coffee]');
      assert.equal(marks('coffee.', ['coffee']), '[coffee].');
      assert.equal(marks('2024-05-01T10:00', ['05']), '2024-[05]-01T10:00');
      assert.equal(marks('/media/gtkp1pqc/black_tea.jpg', ['tea']), '/media/gtkp1pqc/black_[tea].jpg');
    });

    it('marks a part by the start of its word, in any case, apostrophes aside', () => {
      assert.equal(marks('/News/Rainy-Forests/', ['forest']), '/News/Rainy-[Forests]/');
      assert.equal(marks("don't-stop", ['dont']), "[don't]-stop");
      // The words as the page gives them, apostrophes kept, straight or curly on either side.
      assert.equal(marks("don't-stop", queryWords("Don't")), "[don't]-stop");
      assert.equal(marks('/don’t-stop/', queryWords("don't")), '/[don’t]-stop/');
      assert.equal(marks('Ærø-Havn', ['ærø']), '[Ærø]-Havn');
    });

    it('keeps the whole word marked when no part starts with a query word, or it has no parts', () => {
      assert.equal(marks('/a/happily/', ['happy']), '[/a/happily/]', 'a stemmed match: Pagefind knows why');
      assert.equal(marks('rainy', ['rainy']), '[rainy]');
      assert.equal(marks('rainy', []), '[rainy]');
      assert.equal(marks('---', ['x']), '[---]');
      assert.equal(marks('__proto__-constructor', ['constructor']), '__proto__-[constructor]');
    });
  });
});
