/**
 * Defence in depth: nothing prints the API key, but anything that would is masked, in plain and in HTTP Basic form.
 * Keys under 6 characters are left alone: masking them would garble ordinary words and paths for no protection.
 */
export function maskSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 6) return text;
  const basic = Buffer.from(`api:${secret}`).toString('base64');
  return text.split(secret).join('***').split(basic).join('***');
}
