import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  flattenFields,
  formatColour,
  formatDate,
  formatFileSize,
  formatNumber,
  formatNumberMap,
  formatToggle,
  typeLabel,
} from '../../src/lib/values/value-format.ts';

describe('values shown as values', () => {
  it('reads toggles as Yes/No in every stored form, and only for toggles', () => {
    for (const v of [1, '1', true, 'true', 'True'])
      assert.equal(formatToggle(v, 'Umbraco.TrueFalse'), 'Yes', String(v));
    for (const v of [0, '0', false, 'false']) assert.equal(formatToggle(v, 'Umbraco.TrueFalse'), 'No', String(v));
    assert.equal(formatToggle(1, 'Umbraco.Integer'), undefined, 'a number is not a toggle');
    assert.equal(formatToggle('maybe', 'Umbraco.TrueFalse'), undefined);
    assert.equal(formatToggle(false, undefined), 'No', 'a JSON boolean is a toggle wherever it is');
  });

  it('reads numbers and decimals exactly as stored', () => {
    assert.equal(formatNumber(-1), '-1');
    assert.equal(formatNumber(2024), '2024', 'no grouping: years and ids stay whole');
    assert.equal(formatNumber(12.5), '12.5');
    assert.equal(formatNumber(' 12.50 '), '12.50', 'a decimal keeps its trailing zero');
    assert.equal(formatNumber('12,5'), undefined);
    assert.equal(formatNumber(Number.NaN), undefined);
  });

  it('reads price-like maps as key and amount pairs', () => {
    assert.deepEqual(formatNumberMap({ '30b62176-6a9e-4a51-b2f0-7ce6c80a461a': 24 }), [
      ['30b62176-6a9e-4a51-b2f0-7ce6c80a461a', '24'],
    ]);
    assert.deepEqual(formatNumberMap({ EUR: '9.95', USD: 11 }), [
      ['EUR', '9.95'],
      ['USD', '11'],
    ]);
    assert.equal(formatNumberMap({ EUR: 'cheap' }), undefined);
    assert.equal(formatNumberMap({}), undefined);
    assert.equal(formatNumberMap([1, 2]), undefined);
  });

  it('reads colour pickers as a label and a hex code, and only for colour pickers', () => {
    assert.equal(formatColour({ value: 'ff0000', label: 'Red' }, 'Umbraco.ColorPicker'), 'Red (#ff0000)');
    assert.equal(formatColour({ value: '00ff00', label: '00ff00' }, 'Umbraco.ColorPicker'), '#00ff00');
    assert.equal(formatColour('0000ff', 'Umbraco.ColorPicker'), '#0000ff', 'an older value: the code alone');
    assert.equal(formatColour('#1b264f', 'Umbraco.ColorPicker.EyeDropper'), '#1b264f');
    assert.equal(formatColour('rgba(0, 0, 0, 0.5)', 'Umbraco.ColorPicker.EyeDropper'), 'rgba(0, 0, 0, 0.5)');
    assert.equal(formatColour({ value: 'ff0000', label: 'Red' }, 'Umbraco.TextBox'), undefined);
    assert.equal(formatColour({ label: 'Red' }, 'Umbraco.ColorPicker'), undefined, 'no code: shown as fields');
  });

  it('shows file sizes in units', () => {
    assert.equal(formatFileSize(0), '0 bytes');
    assert.equal(formatFileSize(1), '1 byte');
    assert.equal(formatFileSize(1023), '1023 bytes');
    assert.equal(formatFileSize(1536), '1.5 KB');
    assert.equal(formatFileSize(5 * 1024 * 1024), '5.0 MB');
  });

  it('names a type beside its alias', () => {
    assert.equal(typeLabel('Product Page', 'productPage'), 'Product Page (productPage)');
    assert.equal(typeLabel(undefined, 'Image'), 'Image');
    assert.equal(typeLabel('Image', 'Image'), 'Image');
  });

  it('reads dates as dates', () => {
    assert.equal(formatDate('2026-11-22T22:52:47.123Z'), '22 Nov 2026, 22:52 UTC');
    assert.equal(formatDate('2022-06-21T11:22:50+02:00'), '21 Jun 2022, 09:22 UTC');
    assert.equal(
      formatDate('2022-06-21 11:22:50'),
      '21 Jun 2022, 11:22',
      'no zone: the clock reading, no zone claimed',
    );
    assert.equal(formatDate('2022-06-21'), '21 Jun 2022');
    assert.equal(formatDate('yesterday'), 'yesterday');
    assert.equal(formatDate(null), undefined);
  });

  it('flattens block layout config into readable fields', () => {
    assert.deepEqual(flattenFields({ attributes: { volume: '340ml', color: 'black' }, isDefault: false }), [
      ['attributes.volume', '340ml'],
      ['attributes.color', 'black'],
      ['isDefault', 'No'],
    ]);
    assert.deepEqual(flattenFields({ tags: ['a', 'b'], rows: [{ x: 1 }], none: null }), [
      ['tags', 'a, b'],
      ['rows[0].x', '1'],
      ['none', '(empty)'],
    ]);
  });
});
