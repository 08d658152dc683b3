import * as z from 'zod';
import { instant } from '../../paging/rfc3339';
import { limitParam } from '../../paging/list-query';
import { idPattern } from '../../ids';
import { closest } from '../../errors';
import { EVENT_TYPES, eventCatalogUrl } from '../../resources/event';

/**
 * The query string of GET /events (spec "GET /events"), exactly as it arrives: bracketed names are
 * literal keys (`type[in]`), every value a string. Syntax is checked here, with one `errors[]` entry
 * per bad parameter; `eventFilterOf` (event-filter.ts) then gives the checked values their meaning.
 * The OpenAPI document describes the operation's parameters from this same schema.
 */

/** Largest `in`/`nin` list: each value is a stream the page merges or the total sums (docs/decisions.md). */
export const MAX_LIST_VALUES = 20;

const EVENT_TYPE_SOURCE = '[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+';
const COMPANY_ID_SOURCE = idPattern('company').source.slice(1, -1);

/**
 * The event types the service emits: the keys of the one catalog of types (lib/resources/event.ts),
 * so a type added there is accepted here with no other change.
 */
const EMITTED_TYPES = Object.keys(EVENT_TYPES);

/**
 * A type the service never emits would match nothing, and a typo (`company.create`) would answer an
 * empty listing that looks like "no such events yet". Unknown query parameters are refused for the same
 * reason, so an unknown type is refused too, naming the closest emitted type (docs/decisions.md,
 * "Errors that say how to fix").
 */
function refuseUnknownTypes(values: string[], ctx: z.RefinementCtx): void {
  for (const value of new Set(values)) {
    if (Object.hasOwn(EVENT_TYPES, value)) continue;
    if (value === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'has an empty value',
        params: {
          validation_type: 'pattern',
          how_to_fix: 'Separate event types with single commas and no spaces, such as company.created,company.verified.',
        },
      });
      continue;
    }
    const near = closest(value, EMITTED_TYPES);
    ctx.addIssue({
      code: 'custom',
      message: `'${value}' is not an event type the service emits`,
      params: {
        validation_type: 'enum',
        how_to_fix: `Send an event type the service emits, such as ${near} (the closest to '${value}'); all ${EMITTED_TYPES.length}, with when each fires, are listed at ${eventCatalogUrl()}.`,
      },
    });
  }
}

const eventType = () =>
  z
    .string()
    .max(100)
    .superRefine((v, ctx) => refuseUnknownTypes([v], ctx))
    .meta({
      description: 'An event type the service emits: one of those listed under "Event types" (the catalog).',
      enum: EMITTED_TYPES,
      examples: ['company.created'],
    });

const companyId = () =>
  z
    .string()
    .regex(new RegExp(`^${COMPANY_ID_SOURCE}$`))
    .meta({ description: 'A company id, `cmp_` + 22 characters.', examples: ['cmp_7Hq2Lr9XvB3kTz5NcW1pYd'] });

/** A comma-separated list; `check`, when given, checks each value instead of the item pattern. */
const list = (item: string, what: string, example: string, check?: (values: string[], ctx: z.RefinementCtx) => void) =>
  (check ? z.string().meta({ pattern: `^${item}(?:,${item})*$` }) : z.string().regex(new RegExp(`^${item}(?:,${item})*$`)))
    .refine((v) => new Set(v.split(',')).size <= MAX_LIST_VALUES, {
      message: `has more than ${MAX_LIST_VALUES} values`,
      params: {
        validation_type: 'maxItems',
        how_to_fix: `Send at most ${MAX_LIST_VALUES} ${what}s, such as ${example}; split a longer list over several listings.`,
      },
    })
    .superRefine((v, ctx) => check?.(v.split(','), ctx))
    .meta({ description: `Comma-separated ${what}s (at most ${MAX_LIST_VALUES}).`, examples: [example.slice(example.indexOf('=') + 1)] });

const cursor = (which: string) => z.string().min(1).meta({ description: which });

/** `sort`: only `created_at` is sortable; `-` means descending (the default). */
const sort = z
  .string()
  .superRefine((value, ctx) => {
    const fields = value.split(',');
    const bad = fields.find((f) => f.replace(/^-/, '') !== 'created_at');
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `cannot sort by '${bad.replace(/^-/, '')}'`,
        params: {
          validation_type: 'enum',
          how_to_fix: 'Events sort by created_at only: use sort=created_at (oldest first) or sort=-created_at (newest first, the default).',
        },
      });
    } else if (fields.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'created_at is named more than once',
        params: { validation_type: 'uniqueItems', how_to_fix: 'Name created_at once: sort=created_at or sort=-created_at.' },
      });
    }
  })
  .meta({ description: '`created_at` (oldest first) or `-created_at` (newest first, the default).', enum: ['created_at', '-created_at'] });

export const listEventsQuery = z
  .strictObject({
    type: eventType().optional(),
    'type[eq]': eventType().optional(),
    'type[in]': list(EVENT_TYPE_SOURCE, 'event type', 'type[in]=company.created,company.verified', refuseUnknownTypes).optional(),
    'type[nin]': list(EVENT_TYPE_SOURCE, 'event type', 'type[nin]=company.updated', refuseUnknownTypes).optional(),
    company_id: companyId().optional(),
    'company_id[eq]': companyId().optional(),
    'company_id[in]': list(
      COMPANY_ID_SOURCE,
      'company id',
      'company_id[in]=cmp_7Hq2Lr9XvB3kTz5NcW1pYd,cmp_2Kd8Wm4QfR6sLx0VbN3tJe',
    ).optional(),
    'company_id[nin]': list(COMPANY_ID_SOURCE, 'company id', 'company_id[nin]=cmp_7Hq2Lr9XvB3kTz5NcW1pYd').optional(),
    created_at: instant().optional(),
    'created_at[gt]': instant().optional(),
    'created_at[gte]': instant().optional(),
    'created_at[lt]': instant().optional(),
    'created_at[lte]': instant().optional(),
    sort: sort.optional(),
    // Digits only, as on every list: `Number()` of the text took 0x10 for 16 and 1e1 for 10.
    limit: limitParam,
    after: cursor('The `end_cursor` of a page: returns the page after it.').optional(),
    before: cursor('The `start_cursor` of a page: returns the page before it. Not with `after`.').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['before'],
        message: 'after and before cannot be combined',
        params: {
          validation_type: 'not',
          how_to_fix: 'Send after (the end_cursor, for the next page) or before (the start_cursor, for the previous page), not both.',
        },
      });
    }
  });

/** The listing's query as read; `limit` may be left out by in-process callers (the default page size then). */
export type ListEventsQuery = Omit<z.output<typeof listEventsQuery>, 'limit'> & { limit?: number };
