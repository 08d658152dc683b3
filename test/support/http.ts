import { credentials } from './stack';
import { checkAgainstOpenApi } from './openapi-validator';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A small client for the local API: `api(key).get('/me')`, paths relative to `base_url`. */
export function api(key?: string, extraHeaders: Record<string, string> = {}) {
  const base = credentials().base_url;
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> => {
    const res = await fetch(path.startsWith('http') ? path : base + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    // Every answer of an operation the OpenAPI document registers must match it (docs/openapi.json).
    const url = new URL(path.startsWith('http') ? path : base + path);
    const basePath = new URL(base).pathname;
    if (url.pathname.startsWith(basePath)) {
      checkAgainstOpenApi(method, url.pathname.slice(basePath.length) || '/', res.status, parsed, res.headers.get('content-type'));
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>) => send('DELETE', path, undefined, headers),
    send,
  };
}

/** The error envelope of the spec: exactly these fields may appear. */
export const ENVELOPE_FIELDS = ['type', 'title', 'status', 'code', 'detail', 'request_id', 'errors'];
