import * as z from 'zod';
import { EMBEDDABLE_RESOURCES, EVENT_TYPES, eventSchemaOf, type EventType } from './event';
import { SNAPSHOT_SCHEMAS } from './snapshots';

/** JSON Schema (draft 2020-12) of a zod schema, as every generated file writes it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * The contents of events-schema/: one JSON Schema per event type (`events/<type>.json`) and per
 * embeddable resource (`resources/<resource>.json`), keyed by path. `skipped` names the event types
 * whose resource has no schema yet (lib/resources/snapshots.ts).
 */
export function eventSchemaFiles(): { files: Record<string, Record<string, unknown>>; skipped: string[] } {
  const files: Record<string, Record<string, unknown>> = {};
  const skipped: string[] = [];
  for (const resource of EMBEDDABLE_RESOURCES) {
    const snapshot = SNAPSHOT_SCHEMAS()[resource];
    if (snapshot) files[`resources/${resource}.json`] = jsonSchemaOf(snapshot);
  }
  for (const type of Object.keys(EVENT_TYPES) as EventType[]) {
    const snapshot = SNAPSHOT_SCHEMAS()[EVENT_TYPES[type].resource];
    if (snapshot) files[`events/${type}.json`] = jsonSchemaOf(eventSchemaOf(type, snapshot));
    else skipped.push(type);
  }
  return { files, skipped };
}
