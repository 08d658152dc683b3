import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { config } from '../config';
import { dateTime, idOf } from './shared';

/** Resources an event can embed as `data.object` (spec Event: "Possible resources"). */
export const EMBEDDABLE_RESOURCES = [
  'company',
  'service_order',
  'invoice',
  'requirement',
  'file',
  'tax_filing',
  'calendar_event',
  'webhook_endpoint',
  'sandbox_clock',
] as const;
export type EmbeddableResource = (typeof EMBEDDABLE_RESOURCES)[number];

/**
 * The spec's table of event types: what each embeds, and when it fires. The one list of types: the
 * JSON Schemas in events-schema/ and the OpenAPI document are generated from it (npm run schemas).
 */
export const EVENT_TYPES = {
  'company.created': { resource: 'company', fires: 'a company the partner created was accepted' },
  'company.status.changed': {
    resource: 'company',
    changes: true,
    fires: 'company moved between formation states (in_progress, active, cancelled); also on stage changes',
  },
  'company.verified': { resource: 'company', fires: "every owner's identity document is in; once, before incorporation" },
  'company.incorporated': { resource: 'company', fires: 'state accepted the filing; once' },
  'company.onboarding.completed': { resource: 'company', fires: 'a pre_existing company finished onboarding; once' },
  'company.name.changed': {
    resource: 'company',
    changes: true,
    fires: 'legal name changed (typically to clear a state conflict); carries the new name',
  },
  'company.ein.assigned': { resource: 'company', fires: 'EIN issued; once; carries ein' },
  'company.document.received': { resource: 'company', fires: 'an owner uploaded an identity document' },
  'company.entitlements.changed': { resource: 'company', fires: 'remaining rights moved: a tax-filing credit added or consumed' },
  'company.updated': {
    resource: 'company',
    changes: true,
    fires:
      'identity changed: entity type, state, name suffix, industry, shares, formation date, address, owner roster; or you changed its metadata or external_id (POST /companies/{companyID})',
  },
  'company.dissolved': { resource: 'company', fires: 'a dissolution order completed; once' },
  'tax_filing.created': { resource: 'tax_filing', fires: 'a federal or state filing was opened; one right consumed' },
  'tax_filing.status.changed': { resource: 'tax_filing', changes: true, fires: "a filing's status or progress moved" },
  'service_order.status.changed': {
    resource: 'service_order',
    changes: true,
    fires: 'an order was created or moved, including cancellation',
  },
  'service_order.completed': { resource: 'service_order', fires: 'order reached its final step; once' },
  'service_order.updated': { resource: 'service_order', changes: true, fires: "options or price changed without the caller's action" },
  'service_order.quoted': { resource: 'service_order', fires: 'a quote_pending order was priced; accept before quote.expires_at' },
  'service_order.renewal_canceled': { resource: 'service_order', fires: 'renewal-cancel request approved' },
  'service_order.renewal_cancel_denied': { resource: 'service_order', fires: 'renewal-cancel request denied' },
  'requirement.created': { resource: 'requirement', fires: 'something is needed from the partner or client' },
  'requirement.fulfilled': { resource: 'requirement', changes: true, fires: 'requirement resolved; carries its response' },
  'requirement.canceled': {
    resource: 'requirement',
    changes: true,
    fires: 'open requirement closed without fulfilment; cancel_reason says why',
  },
  'requirement.signature.viewed': { resource: 'requirement', fires: 'a signer opened a signature document (once per signer)' },
  'requirement.signature.signed': { resource: 'requirement', fires: 'a signer signed (once per signer)' },
  'file.created': { resource: 'file', fires: "a document was published on one of the partner's companies" },
  'calendar.reminder': { resource: 'calendar_event', fires: 'a compliance deadline is approaching (once per reminder point)' },
  'invoice.finalized': { resource: 'invoice', fires: 'a month-end wholesale invoice was issued' },
  'webhook_endpoint.test': {
    resource: 'webhook_endpoint',
    fires: 'a person sent a test event from the dashboard; delivered to that endpoint only, whatever its enabled_events',
  },
  'sandbox_clock.ready': {
    resource: 'sandbox_clock',
    fires: "an advance of the test mode's clock finished: everything due on the way happened; the last event of the advance",
  },
} as const satisfies Record<string, { resource: EmbeddableResource; fires: string; changes?: true }>;

export type EventType = keyof typeof EVENT_TYPES;

/**
 * The change events (`changes: true` above; docs/decisions.md, "Event schemas and OpenAPI"): each carries
 * `data.previous_attributes`, the fields of `data.object` the change moved with their values before
 * it (lib/resources/previous-attributes.ts). The log refuses one recorded without them.
 */
export const isChangeEvent = (type: string): boolean =>
  Object.hasOwn(EVENT_TYPES, type) && (EVENT_TYPES[type as EventType] as { changes?: true }).changes === true;

/**
 * The reference's chapter that lists every event type (the OpenAPI document's `webhooks`,
 * lib/openapi/event-catalog.ts), and its address on `/docs` (Redoc's anchor of a tag): where an error
 * about an event type sends the caller.
 */
export const EVENT_CATALOG_TAG = 'Event types';
export const EVENT_CATALOG_URL = '/docs#tag/Event-types';
/** The catalog's address on this deployment's reference, for an error's `how_to_fix`. */
export const eventCatalogUrl = () => `${config().docsUrl}#tag/Event-types`;

/** Every resource but the partner-level invoice, webhook endpoint and sandbox clock belongs to a company, so its events carry `company_id`. */
export const isAboutCompany = (resource: EmbeddableResource) =>
  resource !== 'invoice' && resource !== 'webhook_endpoint' && resource !== 'sandbox_clock';

const common = onFirstUse(() => ({
  object: z.literal('event'),
  id: idOf('event'),
  livemode: z.boolean().meta({ description: 'false for events of a test-key stream' }),
  timestamp: dateTime().meta({ description: 'When the described fact occurred; can precede created_at.' }),
  created_at: dateTime().meta({ description: 'When the event was recorded: the clock for filtering and paging.' }),
}));

/**
 * The Event resource as GET /events returns it, for any type: `data.object` is the embedded resource,
 * tagged by its own `object`. Unknown types and resources may appear (Versioning 6), so this schema
 * names none; events-schema/ holds the exact schema of each known type.
 */
export const eventSchema = onFirstUse(() =>
  z
    .strictObject({
      ...common(),
      type: z.string().meta({
        description: `The event type, such as \`company.created\`: every type is listed under "${EVENT_CATALOG_TAG}" (${EVENT_CATALOG_URL}) with when it fires and its \`data.object\`. New types may appear: treat an unknown one as informational.`,
      }),
      company_id: idOf('company').optional().meta({ description: 'Present when the event is about a company.' }),
      data: z.strictObject({
        object: z
          .looseObject({
            object: z.string().meta({
              description: `The kind of resource embedded, which the event type decides: one of ${EMBEDDABLE_RESOURCES.map((r) => `\`${r}\``).join(', ')}.`,
            }),
          })
          .meta({ description: 'The resource as it stood at the event, tagged by its own object.' }),
        previous_attributes: z.looseObject({}).optional().meta({ description: PREVIOUS_ATTRIBUTES_TEXT }),
      }),
    })
    .meta({ id: 'Event', description: 'One entry of the event log; the same object is delivered by webhooks.' }),
);

/** The exact schema of one event type, with its embedded resource's snapshot schema. */
export function eventSchemaOf(type: EventType, snapshot: z.ZodType) {
  const { resource, fires } = EVENT_TYPES[type];
  const changes = isChangeEvent(type);
  return z
    .strictObject({
      ...common(),
      type: z.literal(type),
      ...(isAboutCompany(resource) ? { company_id: idOf('company') } : {}),
      data: z.strictObject({ object: snapshot, ...(changes ? { previous_attributes: previousAttributesSchema(resource, snapshot) } : {}) }),
    })
    .meta({
      title: type,
      description: `Fires when ${fires}. data.object: ${resource}.${changes ? ' data.previous_attributes: the fields it changed, with their values before.' : ''}`,
    });
}

/** What `data.previous_attributes` holds, for the reference and the schemas. */
export const PREVIOUS_ATTRIBUTES_TEXT =
  'On change events only: each field of `data.object` that the change moved, with its value before the change (`null` where the field was absent before; `updated_at`, which every change moves, is left out). An order\'s creation shows `{"status": null}`.';

/**
 * The schema of a change event's `previous_attributes`, one per resource (a component of the
 * document): any of the resource's fields but `object`, `id` and `updated_at`, each as the resource
 * has it or null (absent before the change).
 */
const previousSchemas = new Map<EmbeddableResource, z.ZodType>();
function previousAttributesSchema(resource: EmbeddableResource, snapshot: z.ZodType): z.ZodType {
  const known = previousSchemas.get(resource);
  if (known) return known;
  const shape = snapshot instanceof z.ZodObject ? (snapshot.shape as Record<string, z.ZodType>) : {};
  const fields = Object.entries(shape).filter(([field]) => field !== 'object' && field !== 'id' && field !== 'updated_at');
  const name = resource
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  const schema = z
    .strictObject(Object.fromEntries(fields.map(([field, of]) => [field, of.nullable().optional()])))
    .meta({ id: `${name}PreviousAttributes`, description: PREVIOUS_ATTRIBUTES_TEXT });
  previousSchemas.set(resource, schema);
  return schema;
}
