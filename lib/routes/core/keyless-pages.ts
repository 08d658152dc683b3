/**
 * The keyless pages: pages for people (a client, an owner, a finance team) at the host root, outside
 * `{base_url}`, opened from links the API hands out. The document lists them last, under this tag,
 * and gives their paths the host root as their server (lib/openapi/document.ts).
 */
export const PAGES_TAG = 'Keyless pages';

/** A page at the host root, not under `/v1`. */
export const atHostRoot = (operation: { path: string }) => !operation.path.startsWith('/v1/');
