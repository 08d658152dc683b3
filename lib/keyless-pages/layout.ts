import { html, type Raw } from '../html';

/**
 * The frame of the keyless pages (status link, owner verification): one column that fits a phone,
 * no scripts, no external assets, and never cached or indexed.
 */
export function page(title: string, body: Raw): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1d2330; }
  main { max-width: 34rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgba(0,0,0,.08); margin-bottom: 1rem; }
  h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
  p { line-height: 1.5; }
  .badge { display: inline-block; padding: .25rem .7rem; border-radius: 999px; background: #e7eefc; color: #1f4fb5; font-weight: 600; }
  ol.steps { list-style: none; padding: 0; margin: 0; }
  ol.steps li { padding: .55rem 0 .55rem 1.8rem; position: relative; color: #7a8191; }
  ol.steps li::before { content: ""; position: absolute; left: .35rem; top: .95rem; width: .6rem; height: .6rem; border-radius: 50%; background: #cfd4dd; }
  ol.steps li.done { color: #1d2330; } ol.steps li.done::before { background: #2e9d5b; }
  ol.steps li.current { color: #1d2330; font-weight: 600; } ol.steps li.current::before { background: #1f4fb5; }
  label { display: block; font-weight: 600; margin-bottom: .5rem; }
  input[type=file] { width: 100%; padding: .75rem 0; font-size: 1rem; }
  button { width: 100%; padding: .9rem; font-size: 1.05rem; border: 0; border-radius: 8px; background: #1f4fb5; color: #fff; font-weight: 600; }
  .error { background: #fdecec; color: #a12a2a; border-radius: 8px; padding: .75rem; }
  .muted { color: #6b7280; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`.html;
}

export const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};
