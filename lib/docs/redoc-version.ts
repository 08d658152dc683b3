import redocPackage from 'redoc/package.json' with { type: 'json' };

/** The renderer's path; `?v=<version>` lets browsers cache it for good. */
export const REDOC_PATH = '/docs/assets/redoc.standalone.js';

/**
 * The version of the renderer's bytes, from Redoc's own version (a new Redoc gets a new URL) and ours
 * of what we change in them (`.1`: the logo, lib/docs/reference-assets.ts; bump it with any other
 * change). Known without the script itself, so the page's function does not carry Redoc's megabyte.
 */
export const REDOC_VERSION = `${redocPackage.version}.1`;
