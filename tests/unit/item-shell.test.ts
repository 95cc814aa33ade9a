import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fillItemShell, SHELL_BODY, SHELL_TITLE, splitItemShell } from '../../src/lib/pages/item-shell.ts';

const LAYOUT = `<html><head><title>${SHELL_TITLE} · Site</title></head><body><main>${SHELL_BODY}</main></body></html>`;

describe('the item shell the item page writer fills', () => {
  it('puts the escaped title and the body markup where the markers were', () => {
    const page = fillItemShell(splitItemShell(LAYOUT), `Tom & "Jerry's" <b>`, '<h1>Item</h1>');
    assert.equal(
      page,
      '<html><head><title>Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt; · Site</title></head>' +
        '<body><main><h1>Item</h1></main></body></html>',
    );
  });

  it('leaves text Astro would pass through as it is, as Astro does in a title', () => {
    const page = fillItemShell(splitItemShell(LAYOUT), 'a\u202Eb\u0007', '');
    assert.ok(page.includes('<title>a\u202Eb\u0007 · Site</title>'));
  });

  it('refuses a layout without each marker exactly once, the title before the body', () => {
    assert.throws(() => splitItemShell(LAYOUT.replace(SHELL_TITLE, '')), /title marker 0 times/);
    assert.throws(() => splitItemShell(LAYOUT + SHELL_TITLE), /title marker 2 times/);
    assert.throws(() => splitItemShell(LAYOUT.replace(SHELL_BODY, '')), /body marker once/);
    assert.throws(() => splitItemShell(`${SHELL_BODY}${LAYOUT.replace(SHELL_BODY, '')}`), /body marker once/);
  });
});
