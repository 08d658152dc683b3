import type * as z from 'zod';
import { EVENT_CATALOG_TAG, EVENT_TYPES, eventSchemaOf, isAboutCompany, type EventType } from '../resources/event';
import { SNAPSHOT_SCHEMAS } from '../resources/snapshots';

type Json = Record<string, unknown>;

/** The headers of every delivery, as the guide's "Webhooks" chapter explains them. */
const DELIVERY_HEADERS: Json[] = [
  { name: 'webhook-id', description: 'The event id (`evt_…`): deduplicate on it.', schema: { type: 'string' } },
  { name: 'webhook-timestamp', description: 'When this attempt was signed, in unix seconds.', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    description:
      'Space-separated signatures of `<webhook-id>.<webhook-timestamp>.<raw body>`: `v1,<base64>` (HMAC-SHA256) and `v1a,<base64>` (ed25519).',
    schema: { type: 'string' },
  },
].map((h) => ({ ...h, in: 'header', required: true }));

/**
 * The OpenAPI 3.1 `webhooks` section: the event catalog, one entry per type the service records
 * (EVENT_TYPES, the same list and schemas events-schema/ is written from), each saying when it fires
 * and the exact event it delivers (`data.object` the resource's snapshot, `data.previous_attributes`
 * on change events). `/docs` shows them under the "Event types" chapter; `schema` turns a zod schema
 * into the document's (its components registered).
 */
export function eventCatalog(schema: (zod: z.ZodType) => Json): Json {
  const out: Json = {};
  for (const type of Object.keys(EVENT_TYPES) as EventType[]) {
    const { resource, fires } = EVENT_TYPES[type];
    const snapshot = SNAPSHOT_SCHEMAS()[resource];
    if (!snapshot) continue;
    const about = isAboutCompany(resource) ? ' It carries `company_id`.' : ' It is about no company: no `company_id`.';
    out[type] = {
      post: {
        operationId: type,
        summary: type,
        description: `Fires when ${fires}. \`data.object\` is the \`${resource}\` as it stood at the event.${about} Delivered to every endpoint whose \`enabled_events\` takes it, and listed by \`GET /events?type=${type}\`.`,
        tags: [EVENT_CATALOG_TAG],
        security: [],
        parameters: DELIVERY_HEADERS,
        requestBody: {
          required: true,
          description: `The \`${type}\` event, exactly as \`GET /events/{eventID}\` returns it.`,
          content: { 'application/json': { schema: schema(eventSchemaOf(type, snapshot)) } },
        },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery.' },
          '400': { description: 'Anything else (or no answer within 15 s, or a redirect) is retried, 10 times over about 3 days.' },
        },
      },
    };
  }
  return out;
}
