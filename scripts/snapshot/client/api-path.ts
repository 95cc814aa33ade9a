/**
 * Where a source mounts the operations (read-api.md): this project's read service and the seed at
 * `/cms/Ext/Migrations/`, the public Limbo.Umbraco.MigrationsApi plugin at `/umbraco/Limbo/Migrations/` (every
 * Umbraco generation) and, from Umbraco 10, also at `/api/limbo/migrations/`.
 */
export const DEFAULT_API_PATH = '/cms/Ext/Migrations/';
export const PLUGIN_API_PATHS = ['/umbraco/Limbo/Migrations/', '/api/limbo/migrations/'] as const;
const KNOWN_API_PATHS = [DEFAULT_API_PATH, ...PLUGIN_API_PATHS];

const SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/;

/** `umbraco/Limbo/Migrations` → `/umbraco/Limbo/Migrations/`; a query, fragment or empty segment is refused. */
export function normaliseApiPath(text: string): string | { problem: string } {
  const segments = text.trim().replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.length === 1 && segments[0] === '') return '/';
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..'))
    return { problem: 'must be a URL path such as /umbraco/Limbo/Migrations/ (no query, fragment or empty segment)' };
  return `/${segments.join('/')}/`;
}

/**
 * A base URL path that already ends in one of the known operations paths (compared case-insensitively, as ASP.NET
 * routes), split into what comes before it and the path as given.
 */
export function splitOperationsPath(pathname: string): { base: string; apiPath: string } | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  for (const known of KNOWN_API_PATHS) {
    const suffix = known.replace(/\/$/, '');
    if (trimmed.toLowerCase().endsWith(suffix.toLowerCase()))
      return { base: trimmed.slice(0, -suffix.length), apiPath: `${trimmed.slice(-suffix.length)}/` };
  }
  return undefined;
}

/** The hint after a 404 from the first root call: the mount paths not yet tried. */
export function describeOtherApiPaths(tried: string): string {
  const others = KNOWN_API_PATHS.filter((p) => p.toLowerCase() !== tried.toLowerCase());
  return (
    `the operations are not at ${tried}; the stock plugin answers at ${PLUGIN_API_PATHS[0]} (every Umbraco ` +
    `generation) and ${PLUGIN_API_PATHS[1]} (Umbraco 10 and later): try ${others.map((p) => `--api-path ${p}`).join(' or ')}`
  );
}
