import { startReadService, type ReadServiceOptions, type RunningReadService } from '../../scripts/source/server.ts';

export const API = '/cms/Ext/Migrations';

export interface JsonResponse {
  status: number;
  contentType: string;
  body: any;
}

export async function getJson(url: string, init?: RequestInit): Promise<JsonResponse> {
  const res = await fetch(url, init);
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** Runs `fn` against a fresh service on a free loopback port and always closes it. */
export async function withReadService<T>(
  options: ReadServiceOptions,
  fn: (
    service: RunningReadService,
    call: (op: string, query?: Record<string, string | number>) => Promise<JsonResponse>,
  ) => Promise<T>,
): Promise<T> {
  const service = await startReadService(options);
  const call = (op: string, query: Record<string, string | number> = {}) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return getJson(`${service.url}${API}/${op}${params.size > 0 ? `?${params}` : ''}`);
  };
  try {
    return await fn(service, call);
  } finally {
    await service.close();
  }
}
