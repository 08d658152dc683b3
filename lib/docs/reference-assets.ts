// Redoc's standalone browser bundle (React and its other dependencies included, no CDN, no
// telemetry): the renderer of the API reference at /docs. Imported as text, so in AWS it travels
// inside the handler's bundle; see docs/decisions.md ("The API reference at /docs").
import redocStandalone from 'redoc/bundles/redoc.standalone.js' with { type: 'text' };
import { REDOC_VERSION } from './redoc-version';

/**
 * Redoc's sidebar footer shows its maker's logo from a CDN (the one thing the bundle loads from
 * elsewhere). The page's CSP would block it; pointing the image at an empty data: URL instead means
 * the browser never tries, and Redoc's own onError hides the image, keeping the "API docs by
 * Redocly" credit as text. A test holds the served bytes to no CDN address.
 */
export const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

let script: { text: string; version: string } | undefined;

/** The renderer's script and the version tag of its bytes (a new Redoc gets a new URL). */
export function redocScript(): { text: string; version: string } {
  if (!script) {
    const text = redocStandalone.replaceAll(REDOC_REMOTE_LOGO, 'data:,');
    script = { text, version: REDOC_VERSION };
  }
  return script;
}
