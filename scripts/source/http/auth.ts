import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * HTTP Basic with user `api` and the key as password, as deployed sources expect; the scheme name in any case
 * (RFC 9110 makes it case-insensitive: `basic` and `BASIC` are Basic). Both sides are hashed first so the comparison
 * is constant-time whatever the lengths.
 */
export function createAuthCheck(apiKey: string | undefined): (req: IncomingMessage) => boolean {
  if (apiKey === undefined) return () => true;
  const expected = digest(Buffer.from(`api:${apiKey}`).toString('base64'));
  return (req) => {
    const match = /^\s*basic\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    return timingSafeEqual(digest(match?.[1] ?? ''), expected);
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
