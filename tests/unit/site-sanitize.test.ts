import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitizeRichText, type LinkResolver } from '../../src/lib/values/rich-text.ts';
import { classifyUrl } from '../../src/lib/values/safe-url.ts';
import { describeValue, resolveRichLink, type ValueContext } from '../../src/lib/values/value-view.ts';
import { XSS_HTML_PAYLOADS, XSS_URL_PAYLOADS } from '../support/site-xss-payloads.ts';

const ctx: ValueContext = {
  lookup: { findByKey: () => undefined, findById: () => undefined },
  hrefOf: (t) => `/${t.kind}/${t.key}/`,
  findByUrl: () => undefined,
  elementType: () => undefined,
};
const resolve: LinkResolver = (raw, udi) => resolveRichLink(raw, udi, ctx);

const FORBIDDEN_TAGS = new RegExp(
  `^(script|style|iframe|object|embed|form|button|input|meta|base|link|svg|math|template|textarea|video|audio|` +
    `source|img|body|marquee|details|isindex|noscript|x)$`,
  'i',
);
const UNSAFE_URL = /^\s*(javascript|vbscript|data):/i;

/** Tags and attributes of sanitize-html output (it always writes attributes double-quoted). */
function listTags(html: string): Array<{ tag: string; attrs: Array<[string, string]> }> {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    tag: m[1] as string,
    attrs: [...(m[2] ?? '').matchAll(/\s([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [
      a[1] as string,
      (a[2] ?? '').replace(/&amp;/g, '&'),
    ]),
  }));
}

describe('rich text sanitiser', () => {
  assert.ok(XSS_HTML_PAYLOADS.length >= 50, 'at least 50 payloads');

  for (const payload of XSS_HTML_PAYLOADS) {
    it(`neutralises ${JSON.stringify(payload.slice(0, 70))}`, () => {
      const out = sanitizeRichText(`<p>before</p>${payload}<p>after</p>`, resolve);
      for (const { tag, attrs } of listTags(out)) {
        assert.doesNotMatch(tag, FORBIDDEN_TAGS, `tag <${tag}> survived: ${out}`);
        for (const [name, value] of attrs) {
          assert.doesNotMatch(name, /^on/i, `event handler ${name} survived: ${out}`);
          assert.ok(
            ['href', 'title', 'rel', 'class', 'colspan', 'rowspan', 'scope', 'start'].includes(name),
            `attribute ${name} survived: ${out}`,
          );
          if (name === 'href') assert.doesNotMatch(value, UNSAFE_URL, `unsafe href survived: ${out}`);
          if (name === 'href') assert.equal(classifyUrl(value) === 'unsafe', false, `unsafe href survived: ${out}`);
        }
      }
      assert.doesNotMatch(out, /<script/i);
      assert.ok(out.startsWith('<p>before</p>'), 'content before the payload survives');
    });
  }

  it('keeps ordinary formatting, tables and safe links', () => {
    const html =
      '<h2>T</h2><p><strong>b</strong> <a href="https://example.com/x?a=1&amp;b=2" ' +
      'target="_blank">x</a></p><table><tr><td colspan="2">c</td></tr></table>';
    assert.equal(
      sanitizeRichText(html, resolve),
      '<h5>T</h5><p><strong>b</strong> <a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer ' +
        'nofollow">x</a></p><table><tr><td colspan="2">c</td></tr></table>',
    );
  });

  it('turns images into text, never into a request', () => {
    assert.equal(
      sanitizeRichText('<img src="https://cdn.example/x.png" alt="Logo">', resolve),
      '<a href="https://cdn.example/x.png" rel="noopener noreferrer nofollow" class="rte-image">[image: Logo]</a>',
    );
  });

  it('marks internal links that resolve to nothing as broken', () => {
    assert.equal(
      sanitizeRichText('<a href="/{localLink:umb://document/8db383d67fb64b22816982d5da5cf79e}">x</a>', resolve),
      '<span class="broken" title="broken link: {localLink:umb://document/8db383d67fb64b22816982d5da5cf79e}">x</span>',
    );
  });
});

describe('links from plain values', () => {
  for (const payload of XSS_URL_PAYLOADS) {
    it(`never links ${JSON.stringify(payload.slice(0, 40))}`, () => {
      assert.equal(classifyUrl(payload), 'unsafe');
      const text = describeValue(payload, 'Umbraco.TextBox', ctx);
      assert.equal(text.kind === 'text' && text.href, undefined);
      const links = describeValue([{ name: 'x', url: payload }], 'Umbraco.MultiUrlPicker', ctx);
      assert.ok(links.kind === 'links' && links.links.every((l) => l.href === undefined));
    });
  }

  it('links http(s) and mailto', () => {
    for (const url of ['https://example.com/', 'http://x.test/a', 'mailto:a@b.test'])
      assert.equal(classifyUrl(url), 'absolute');
    const view = describeValue('https://example.com/', 'Umbraco.TextBox', ctx);
    assert.ok(view.kind === 'text' && view.href === 'https://example.com/');
  });
});
