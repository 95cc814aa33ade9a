/**
 * Defence in depth: nothing prints the API key, but anything that would is masked, in every form a server could echo
 * it in: plain; HTTP Basic and base64 of the key at each of the three byte alignments inside a longer base64 text
 * (standard and URL-safe alphabets); hex (either case); URL-encoded (`%20` and form `+`, either hex case, with or
 * without `/` and `:` kept); JSON-escaped (once, twice, and with non-ASCII as `\uXXXX`). Masking runs on whole texts,
 * before anything is cut short. Keys under 6 characters are left alone: masking them would garble ordinary words and
 * paths for no protection.
 */
const MIN_FORM = 6;

export function maskSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < MIN_FORM) return text;
  return createSecretMask(secret)(text);
}

/** A masker for one key, its forms computed once: `mask(text)` is `text` with every form replaced by `***`. */
export function createSecretMask(secret: string | undefined): (text: string) => string {
  if (secret === undefined || secret.length < MIN_FORM) return (text) => text;
  const forms = listSecretForms(secret);
  return (text) => {
    let masked = text;
    for (const form of forms) if (masked.includes(form)) masked = masked.split(form).join('***');
    return masked;
  };
}

/**
 * The base64 characters that depend on the key's bytes alone when the key starts `offset` bytes into what is encoded
 * (0, 1 or 2: every other offset repeats one of these).
 */
function base64Inner(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(2)]).toString('base64');
  const first = Math.ceil((offset * 8) / 6);
  const end = Math.floor(((offset + bytes.length) * 8) / 6);
  return encoded.slice(first, end);
}

const escapeNonAscii = (json: string, upper: boolean): string =>
  json.replace(/[\u0080-\uffff]/g, (c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  });

/** Longest first, so a form that contains another is masked whole. */
export function listSecretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  const base64 = [0, 1, 2].map((offset) => base64Inner(bytes, offset));
  const forms = new Set([
    secret,
    Buffer.from(`api:${secret}`).toString('base64'),
    bytes.toString('base64'),
    ...base64,
    ...base64.map((form) => form.replaceAll('+', '-').replaceAll('/', '_')),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    url,
    url.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURI(secret),
    url.replace(/%2F/g, '/').replace(/%3A/g, ':'),
    new URLSearchParams({ k: secret }).toString().slice(2),
    json,
    JSON.stringify(json).slice(1, -1),
    JSON.stringify(secret),
    escapeNonAscii(json, false),
    escapeNonAscii(json, true),
  ]);
  return [...forms].filter((form) => form.length >= MIN_FORM).sort((a, b) => b.length - a.length);
}
