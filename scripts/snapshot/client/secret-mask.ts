/**
 * Defence in depth: nothing prints the API key, but anything that would is masked, in every form a server could echo
 * it in: plain, HTTP Basic, URL-encoded (both `%20` and form `+`), JSON-escaped (once and twice).
 * Keys under 6 characters are left alone: masking them would garble ordinary words and paths for no protection.
 */
export function maskSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 6) return text;
  let masked = text;
  for (const form of listSecretForms(secret)) masked = masked.split(form).join('***');
  return masked;
}

/** Longest first, so a form that contains another is masked whole. */
export function listSecretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = new Set([
    secret,
    Buffer.from(`api:${secret}`).toString('base64'),
    Buffer.from(secret).toString('base64'),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    new URLSearchParams({ k: secret }).toString().slice(2),
    json,
    JSON.stringify(json).slice(1, -1),
    JSON.stringify(secret),
  ]);
  return [...forms].filter((form) => form.length >= 6).sort((a, b) => b.length - a.length);
}
