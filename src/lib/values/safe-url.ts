/**
 * URL policy for links built from CMS values: only http(s), mailto and relative URLs may become links.
 * Browsers ignore tabs, newlines and leading control characters inside a scheme (`java\tscript:`), and decode
 * entities before that, so the check runs on the decoded, stripped text.
 */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

const ENTITY = /&(#x[0-9a-f]+|#\d+|colon|tab|newline);?/gi;
function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_, body: string) => {
    const lower = body.toLowerCase();
    if (lower === 'colon') return ':';
    if (lower === 'tab') return '\t';
    if (lower === 'newline') return '\n';
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

export type UrlClass = 'absolute' | 'relative' | 'unsafe';

export function classifyUrl(raw: string): UrlClass {
  const text = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (text === '') return 'unsafe';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  if (scheme === null) return text.startsWith('\\') || text.startsWith('//') ? 'unsafe' : 'relative';
  return ALLOWED_SCHEMES.has((scheme[1] ?? '').toLowerCase() + ':') ? 'absolute' : 'unsafe';
}
