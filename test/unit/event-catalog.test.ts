import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openApiDocument } from '../../lib/openapi/document';
import { EMBEDDABLE_RESOURCES, EVENT_CATALOG_TAG, EVENT_TYPES } from '../../lib/resources/event';
import { TEST_EVENT_TYPE } from '../../lib/webhooks/delivery/endpoint-wants-event';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import { createEndpointBody } from '../../lib/dashboard/webhook-endpoints';
import { browseEventsQuery } from '../../lib/dashboard/event-browser';

/**
 * The event catalog (lib/openapi/event-catalog.ts): the OpenAPI document's `webhooks` holds every event
 * type the service records, each with when it fires and the exact event it delivers, from the one list
 * events-schema/ is written from (lib/resources/event.ts). `WriteSet.recordEvent` takes only a catalog
 * type (the compiler holds it); this test holds the sources too: every event type a part of lib/ that
 * records events names is in the catalog, and every catalog type is recorded somewhere.
 */
type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const CATALOG = Object.keys(EVENT_TYPES);
const root = join(__dirname, '..', '..');

const resolve = (schema: Json): Json =>
  typeof schema.$ref === 'string' ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

describe('the webhooks section', () => {
  it('lists every event type of the catalog, and nothing else', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...CATALOG].sort());
  });

  it.each(CATALOG)('%s: says when it fires, under "Event types", with its exact event', (type) => {
    const { resource, fires } = EVENT_TYPES[type as keyof typeof EVENT_TYPES];
    const op = doc.webhooks[type].post;
    expect(op.tags).toEqual([EVENT_CATALOG_TAG]);
    expect(op.description).toContain(`Fires when ${fires}.`);
    const event = resolve(op.requestBody.content['application/json'].schema);
    expect(event.properties.type.const).toBe(type);
    const object = resolve(event.properties.data.properties.object);
    expect(object.properties.object.const).toBe(resource);
    expect(event.required).toEqual(expect.arrayContaining(['id', 'type', 'data', 'created_at']));
  });

  it('is a chapter of the reference, and the Event schema points to it', () => {
    expect(doc.tags.map((t: Json) => t.name)).toContain(EVENT_CATALOG_TAG);
    const event = doc.components.schemas.Event;
    expect(event.properties.type.description).toContain('/docs#tag/Event-types');
    const embedded = event.properties.data.properties.object.properties.object.description as string;
    expect(embedded).not.toContain('``');
    for (const resource of EMBEDDABLE_RESOURCES) expect(embedded).toContain(`\`${resource}\``);
  });
});

describe('the sources', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  // The parts of lib/ that record events or hand types to what does (an order's move lists its events;
  // a company change records through its context's `record`).
  const recorders = files(join(root, 'lib'))
    .filter((path) => !path.endsWith(join('resources', 'event.ts')))
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => /recordEvent\(|\brecord\('|\bEventType\b|PendingEvent|\bevents: \[/.test(text));
  const prefixes = [...EMBEDDABLE_RESOURCES, 'calendar'].join('|');
  const typeLiteral = new RegExp(`'((?:${prefixes})\\.[a-z_]+(?:\\.[a-z_]+)*)'`, 'g');
  const named = recorders.flatMap(({ path, text }) => [...text.matchAll(typeLiteral)].map((m) => ({ path, type: m[1] })));

  it('names only catalog types where events are recorded', () => {
    expect(recorders.length).toBeGreaterThan(20);
    expect(named.filter(({ type }) => !CATALOG.includes(type))).toEqual([]);
  });

  it('records every catalog type somewhere', () => {
    const recorded = new Set([...named.map(({ type }) => type), TEST_EVENT_TYPE]);
    expect(CATALOG.filter((type) => !recorded.has(type))).toEqual([]);
  });
});

describe('errors about an event type', () => {
  const fixesOf = (result: { success: boolean; error?: { issues: { params?: Json }[] } }) =>
    (result.error?.issues ?? []).map((issue) => String(issue.params?.how_to_fix));

  it.each([
    ['GET /events?type=', () => listEventsQuery.safeParse({ type: 'company.incoporated' })],
    ['GET /events?type[in]=', () => listEventsQuery.safeParse({ 'type[in]': 'company.created,company.incoporated' })],
    [
      'the dashboard’s enabled_events',
      () => createEndpointBody.safeParse({ url: 'https://a.test/h', livemode: false, enabled_events: ['company.craeted'] }),
    ],
    ['the dashboard’s event browser', () => browseEventsQuery.safeParse({ type: 'company.craeted' })],
  ])('%s links to the catalog', (_, parse) => {
    const fixes = fixesOf(parse() as never);
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatch(/\/docs#tag\/Event-types\.$/);
  });
});
