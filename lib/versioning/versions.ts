/**
 * The version registry (spec Versioning). Newest last. A change that alters a response shape adds a
 * version here and a renderer step in lib/versioning/render.ts, so older pins keep their shape.
 */
export const VERSIONS = [{ version: '2026-11-01', summary: 'First public version of the partner API.' }] as const;

export const CURRENT_VERSION: string = VERSIONS[VERSIONS.length - 1].version;

const VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

export function isKnownVersion(value: string): boolean {
  return VERSION_SHAPE.test(value) && VERSIONS.some((v) => v.version === value);
}

export function availableVersions(): string[] {
  return VERSIONS.map((v) => v.version);
}
