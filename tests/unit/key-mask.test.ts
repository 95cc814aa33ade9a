import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskSecret } from '../../scripts/snapshot/client/secret-mask.ts';

const KEY = 'Key+with/odd"chars\\ é 0123';
const KEY_BYTES = Buffer.from(KEY);

/** Whether any 4-character shift of a base64 run in `text` decodes to bytes holding the key. */
function decodesToKey(text: string): boolean {
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{8,}/g))
    for (let shift = 0; shift < 4; shift += 1)
      if (Buffer.from(run.slice(shift).replaceAll('-', '+').replaceAll('_', '/'), 'base64').includes(KEY_BYTES))
        return true;
  return false;
}

test('base64 of the key at any offset inside other bytes is masked, in both alphabets', () => {
  for (let lead = 0; lead < 7; lead += 1) {
    for (const tail of ['', '!', '!?', '!?#']) {
      const bytes = Buffer.concat([Buffer.alloc(lead, 0x41 + lead), KEY_BYTES, Buffer.from(tail)]);
      for (const encoded of [bytes.toString('base64'), bytes.toString('base64url')]) {
        assert.ok(decodesToKey(encoded), 'the oracle sees the key');
        assert.ok(!decodesToKey(maskSecret(`token=${encoded};`, KEY)), `lead ${lead}, tail ${tail.length}`);
      }
    }
  }
});

test('hex, URL, form, JSON and \\u-escaped echoes are masked; text around them is kept', () => {
  const echoes = [
    KEY_BYTES.toString('hex'),
    KEY_BYTES.toString('hex').toUpperCase(),
    encodeURIComponent(KEY),
    encodeURI(KEY),
    new URLSearchParams({ k: KEY }).toString().slice(2),
    JSON.stringify(KEY),
    JSON.stringify(KEY).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ];
  for (const echo of echoes) {
    const masked = maskSecret(`before ${echo} after`, KEY);
    assert.ok(masked.startsWith('before ') && masked.endsWith(' after'), masked);
    assert.ok(!masked.includes('0123'), `${echo} → ${masked}`);
  }
});
