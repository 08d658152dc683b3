import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { besideBundle } from './beside-bundle';
import { REDOC_VERSION } from './redoc-version';

/**
 * Redoc's standalone browser bundle (React and its other dependencies included, no CDN, no
 * telemetry): the renderer of the API reference at /docs. Read from a file, not imported: in AWS the
 * file travels beside the function's code in its asset (infra/aws/bundling.ts, `BESIDE_BUNDLE`), so
 * the code a cold start parses stays small; see docs/decisions.md ("The API reference at /docs").
 */
export const REDOC_PACKAGE_FILE = 'redoc/bundles/redoc.standalone.js';
/** The file's name beside a bundle. */
export const REDOC_FILE = 'redoc.standalone.js';

/**
 * Redoc's sidebar footer shows its maker's logo from a CDN (the one thing the bundle loads from
 * elsewhere). The page's CSP would block it; pointing the image at an empty data: URL instead means
 * the browser never tries, and Redoc's own onError hides the image, keeping the "API docs by
 * Redocly" credit as text. A test holds the served bytes to no CDN address.
 */
export const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

let script: { text: string; version: string } | undefined;

/** The renderer's script and the version tag of its bytes (a new Redoc gets a new URL). Read once per process. */
export function redocScript(): { text: string; version: string } {
  if (!script) {
    const file = besideBundle(REDOC_FILE) ?? createRequire(import.meta.url).resolve(REDOC_PACKAGE_FILE);
    const text = readFileSync(file, 'utf8').replaceAll(REDOC_REMOTE_LOGO, 'data:,');
    script = { text, version: REDOC_VERSION };
  }
  return script;
}
