import { CURRENT_VERSION, isKnownVersion } from './versions';

/**
 * Renders a resource at an older version (spec Versioning 5: webhook payloads keep the shape the
 * partner integrated against). A version that changes a shape adds one step here: how to turn the
 * new shape into the shape of the version before it. Steps apply newest first, down to the target.
 */
export interface VersionStep {
  /** The version that introduced the change. */
  version: string;
  /** Which resources (`object` values) it touches. */
  objects: string[];
  downgrade(resource: Record<string, unknown>): Record<string, unknown>;
}

/** Newest first. Empty while `2026-11-01` is the only version. */
export const VERSION_STEPS: VersionStep[] = [];

export function renderResourceAt<T extends Record<string, unknown>>(resource: T, version: string): T {
  let out: Record<string, unknown> = resource;
  for (const step of VERSION_STEPS) {
    if (step.version <= version) break;
    if (step.objects.includes(String(out.object))) out = step.downgrade(out);
  }
  return out as T;
}

/**
 * The body of a delivery: the stored event JSON, its `data.object` rendered at `version`. At the
 * current version the stored string goes out byte for byte.
 */
export function renderEventAt(payload: string, version: string): string {
  if (version === CURRENT_VERSION || !isKnownVersion(version) || !VERSION_STEPS.some((s) => s.version > version)) return payload;
  const event = JSON.parse(payload) as { data: { object: Record<string, unknown> } };
  return JSON.stringify({ ...event, data: { ...event.data, object: renderResourceAt(event.data.object, version) } });
}
