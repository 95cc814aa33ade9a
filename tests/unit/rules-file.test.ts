/**
 * Reading a rules file: YAML that does not parse, or is not a list, stops with file, line and column; a rule with an
 * unknown field (prototype names included), an unknown disposition or a condition of the wrong shape is listed with
 * its line and column and skipped; usable rules keep their position in the file ("rule N").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readRules } from '../../src/lib/decisions/rules-file.ts';

describe('rules file', () => {
  it('names file, line and column of YAML that cannot be used as rules', () => {
    assert.throws(
      () => readRules('- disposition: keep\n  type: [a, b\n', 'r.yaml'),
      /^DecisionsFileError: r\.yaml:3:1: /,
    );
    assert.throws(() => readRules('disposition: keep\n', 'r.yaml'), /r\.yaml:1:1: a rules file is a list of rules/);
    assert.throws(() => readRules('- disposition: keep\n  disposition: delete\n', 'r.yaml'), /r\.yaml:2:3: /);
  });

  it('lists each rule it cannot use and keeps the others in their place', () => {
    const text = [
      '- disposition: keep', //                          rule 1
      '  __proto__: x', //                                unknown field
      '- disposition: merge-into:0BFF89B9-7876-4F72-B0D9-177B1C0E454D', // rule 2
      '  pathPrefix: /news/',
      '  language: [en-US, da]',
      '- disposition: archive', //                       rule 3
      '  updatedBefore: someday',
      '- just text', //                                  rule 4
      '- disposition: delete', //                        rule 5
      '  type: [blogPost, 3]',
      '- name: old',
      '  disposition: Archive', //                       rule 6
      '  updatedBefore: 2020-01-01',
    ].join('\n');
    const { rules, problems } = readRules(text, 'r.yaml');
    assert.deepEqual(
      rules.map((r) => [r.index, r.name, r.disposition, r.pathPrefix, r.language, r.updatedBefore]),
      [
        [2, '', 'merge-into:0bff89b9-7876-4f72-b0d9-177b1c0e454d', ['/news/'], ['en-US', 'da'], undefined],
        [6, 'old', 'archive', undefined, undefined, '2020-01-01'],
      ],
    );
    assert.deepEqual(
      problems.map((p) => `${p.line}:${p.column} ${p.message}`),
      [
        '2:14 rule 1: unknown field "__proto__": rule not used',
        '7:18 rule 3: updatedBefore needs a date (YYYY-MM-DD): rule not used',
        '8:3 rule 4: not a map of disposition and conditions: rule not used',
        '10:9 rule 5: type needs text or a list of text: rule not used',
      ],
    );
  });

  it('reads age, range and property conditions, and lists each of the wrong shape', () => {
    const text = [
      '- disposition: archive', //                       rule 1
      '  notUpdatedFor: 18 Months',
      '  inboundReferences: 0',
      '  words: { min: 1, max: 49 }',
      '  filled: { max: 50 }',
      '  emptyProperty: [summary, body]',
      '  filledProperty: title',
      '- disposition: keep', //                          rule 2
      '  notUpdatedFor: 90',
      '- disposition: keep', //                          rule 3
      '  notUpdatedFor: a while',
      '- disposition: keep', //                          rule 4
      '  words: { min: 10, max: 5 }',
      '- disposition: keep', //                          rule 5
      '  filled: -1',
      '- disposition: keep', //                          rule 6
      '  inboundReferences: { least: 1 }',
      '- disposition: keep', //                          rule 7
      '  emptyProperty: { __proto__: 1 }',
    ].join('\n');
    const { rules, problems } = readRules(text, 'r.yaml');
    assert.deepEqual(
      rules.map((r) => [r.index, r.notUpdatedFor, r.inboundReferences, r.words, r.filled]),
      [
        [1, { amount: 18, unit: 'months' }, { min: 0, max: 0 }, { min: 1, max: 49 }, { max: 50 }],
        [2, { amount: 90, unit: 'days' }, undefined, undefined, undefined],
      ],
    );
    assert.deepEqual([rules[0]?.emptyProperty, rules[0]?.filledProperty], [['summary', 'body'], ['title']]);
    assert.deepEqual(
      problems.map((p) => `${p.line}:${p.column} ${p.message}`),
      [
        '11:18 rule 3: notUpdatedFor needs a whole number of days, weeks, months or years ("18 months"): rule not used',
        '13:10 rule 4: words: min is more than max: rule not used',
        '15:11 rule 5: filled needs a number or { min, max } of numbers 0 or more: rule not used',
        '17:22 rule 6: inboundReferences needs a number or { min, max } of numbers 0 or more: rule not used',
        '19:18 rule 7: emptyProperty needs text or a list of text: rule not used',
      ],
    );
  });
});
