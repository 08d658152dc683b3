import { html } from '../html';
import { REDOC_PATH, REDOC_VERSION } from './redoc-version';

/** Redoc's theme: our pages' blue and the system font (nothing loads fonts from elsewhere). */
const THEME = {
  colors: { primary: { main: '#1f4fb5' } },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  },
  sidebar: { backgroundColor: '#f6f7f9' },
  rightPanel: { backgroundColor: '#1d2330' },
};

/**
 * GET /docs: the API reference, rendered in the browser by Redoc from the OpenAPI document the API
 * serves (GET /v1/openapi.json), with the error reference beside it. Every URL is relative to the
 * page, so it works behind any host, custom domain or stage path; the renderer is served by us
 * (lib/docs/reference-assets.ts): the page loads nothing from another origin.
 */
export function referencePage(): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>API reference · Partner Company-Formation API</title>
<style>
  body { margin: 0; }
  header.docs { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; align-items: baseline; padding: .7rem 1.25rem; background: #1d2330; color: #fff; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  header.docs strong { font-size: 16px; margin-right: .5rem; }
  header.docs a { color: #c9d6ff; }
  .redoc-markdown td:first-child code { white-space: nowrap; }
  noscript p { font: 16px/1.5 system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; }
</style>
</head>
<body>
<header class="docs"><strong>Partner Company-Formation API</strong>
  <a href="docs">API reference</a>
  <a href="docs/partner/errors">Error codes</a>
  <a href="v1/openapi.json">OpenAPI document (JSON)</a>
</header>
<noscript><p>The reference is rendered by a script. Without it, read the <a href="v1/openapi.json">OpenAPI document</a> and the <a href="docs/partner/errors">error codes</a>.</p></noscript>
<redoc spec-url="v1/openapi.json" expand-responses="200,201" required-props-first="true" json-sample-expand-level="3" path-in-middle-panel="true" theme="${JSON.stringify(THEME)}"></redoc>
<script src="${REDOC_PATH.slice(1)}?v=${REDOC_VERSION}"></script>
</body>
</html>`.html;
}

/** Headers of the page: scripts only from us; Redoc's styles are inline, its search runs in a blob worker. */
export const REFERENCE_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};
