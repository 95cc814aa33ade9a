import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attr, escapeAttribute, escapeText, inertText, markup, trustedHtml } from '../../src/lib/pages/html-escape.ts';

describe('escapeText and escapeAttribute', () => {
  it('escapes markup in text as Astro does', () => {
    assert.equal(
      escapeText(`<script>alert("x")</script> & 'y'`),
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
    assert.equal(escapeText('plain text, nothing to do'), 'plain text, nothing to do');
  });

  it('keeps a double-quoted attribute value closed', () => {
    assert.equal(escapeAttribute('a" onmouseover="alert(1)'), 'a&quot; onmouseover=&quot;alert(1)');
    assert.equal(escapeAttribute('x&amp;y'), 'x&amp;amp;y');
    assert.equal(attr('title', `"><script>alert(1)</script>`).value, ' title="&quot;><script>alert(1)</script>"');
  });

  it('leaves out an attribute without a value, as Astro does', () => {
    assert.equal(attr('title', undefined).value, '');
    assert.equal(attr('title', null).value, '');
    assert.equal(attr('title', '').value, ' title=""');
    assert.equal(attr('width', 0).value, ' width="0"');
  });
});

describe('inertText', () => {
  it('replaces lone surrogates and control characters, keeps tabs, line breaks and pairs', () => {
    assert.equal(inertText('cut \ud83d and \udc00 half'), 'cut \uFFFD and \uFFFD half');
    assert.equal(inertText('emoji \ud83d\ude00'), 'emoji \ud83d\ude00');
    assert.equal(inertText('nul\u0000 bell\u0007 del\u007f c1\u0085'), 'nul\uFFFD bell\uFFFD del\uFFFD c1\uFFFD');
    assert.equal(inertText('tab\tline\nreturn\r\n'), 'tab\tline\nreturn\r\n');
  });

  it('closes a bidi override, embedding or isolate the value leaves open', () => {
    assert.equal(inertText('abc\u202Edef'), 'abc\u202Edef\u202C');
    assert.equal(inertText('a\u2067b'), 'a\u2067b\u2069');
    assert.equal(inertText('a\u2067b\u202Bc'), 'a\u2067b\u202Bc\u202C\u2069');
    assert.equal(escapeText('<\u202E>'), '&lt;\u202E&gt;\u202C');
  });

  it('leaves balanced bidi text as it is', () => {
    for (const text of ['a\u2067b\u2069c', 'a\u202Bb\u202Cc', 'a\u2068b\u202Ec\u2069d', 'a\u200Fb \u05D0\u05D1']) {
      assert.equal(inertText(text), text);
    }
  });
});

describe('markup', () => {
  it('escapes every interpolation unless it is markup already', () => {
    const name = '<img src=x onerror=alert(1)>';
    const out = markup`<p title="x">${name} ${markup`<b>${'&'}</b>`}</p>`;
    assert.equal(out.value, '<p title="x">&lt;img src=x onerror=alert(1)&gt; <b>&amp;</b></p>');
  });

  it('joins arrays, renders numbers and nothing for false, null and undefined', () => {
    const items = ['a<', 'b'].map((x) => markup`<li>${x}</li>`);
    assert.equal(markup`<ul>${items}</ul>${false}${null}${undefined}${0}`.value, '<ul><li>a&lt;</li><li>b</li></ul>0');
    assert.equal(markup`${[['<', ['>']]]}`.value, '&lt;&gt;');
  });

  it('passes sanitised rich text through as it is, and only that', () => {
    assert.equal(markup`<div>${trustedHtml('<p>ok</p>')}</div>`.value, '<div><p>ok</p></div>');
    assert.equal(markup`<div>${'<p>ok</p>'}</div>`.value, '<div>&lt;p&gt;ok&lt;/p&gt;</div>');
  });
});
