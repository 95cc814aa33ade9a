/**
 * The Content-Security-Policy of every page: scripts only from the site's own files (Pagefind needs WebAssembly,
 * hence 'wasm-unsafe-eval'; with no worker-src, workers too come only from the site's files, as a large table's
 * does), no inline script or style, images only from the site unless a media origin is configured.
 */
export function buildCsp(mediaOrigin: string | undefined): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    `img-src 'self' data:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "frame-src 'none'",
  ].join('; ');
}
