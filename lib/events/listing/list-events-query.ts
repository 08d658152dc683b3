import * as z from 'zod';
import { parseRfc3339 } from './created-at-range';
import { idPattern } from '../../ids';

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

const once = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    Array.isArray(issue.input) ? `Give '${what}' once; to match several values use its [in] form with a comma-separated list.` : undefined,
});

const eventType = () =>
  z
    .string(once('the event type'))
    .max(100)
    .regex(new RegExp(`^${EVENT_TYPE_SOURCE}$`), 'not an event type')
    .meta({ description: 'An event type, e.g. `company.created`.' });

const companyId = () =>
  z
    .string(once('the company id'))
    .regex(new RegExp(`^${COMPANY_ID_SOURCE}$`), 'not a company id')
    .meta({ description: 'A company id, `cmp_` + 22 characters.' });

const list = (item: string, what: string, example: string) =>
  z
    .string(once(what))
    .regex(new RegExp(`^${item}(?:,${item})*$`), `not a comma-separated list of ${what}s (e.g. ${example})`)
    .refine((v) => new Set(v.split(',')).size <= MAX_LIST_VALUES, {
      message: `more than ${MAX_LIST_VALUES} values`,
      params: { validation_type: 'maxItems', how_to_fix: `Send at most ${MAX_LIST_VALUES} values; split a longer list over several listings.` },
    })
    .meta({ description: `Comma-separated ${what}s (at most ${MAX_LIST_VALUES}).` });

const instant = () =>
  z
    .string(once('the date-time'))
    .refine((v) => parseRfc3339(v) !== undefined, {
      message: 'not an RFC 3339 date-time',
      params: { validation_type: 'format', how_to_fix: 'Send an RFC 3339 date-time such as 2026-11-01T09:30:00Z or 2026-11-01T10:30:00.250+01:00.' },
    })
    .meta({ format: 'date-time', description: 'RFC 3339 date-time.' });

const cursor = (which: string) => z.string(once('the cursor')).min(1).meta({ description: which });

/** `sort`: only `created_at` is sortable; `-` means descending (the default). */
const sort = z
  .string(once('sort'))
  .superRefine((value, ctx) => {
    const fields = value.split(',');
    const bad = fields.find((f) => f.replace(/^-/, '') !== 'created_at');
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `cannot sort by '${bad.replace(/^-/, '')}'`,
        params: { validation_type: 'enum', how_to_fix: "Events sort by created_at only: use sort=created_at (oldest first) or sort=-created_at (newest first, the default)." },
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
    'type[in]': list(EVENT_TYPE_SOURCE, 'event type', 'type[in]=company.created,company.verified').optional(),
    'type[nin]': list(EVENT_TYPE_SOURCE, 'event type', 'type[nin]=company.updated').optional(),
    company_id: companyId().optional(),
    'company_id[eq]': companyId().optional(),
    'company_id[in]': list(COMPANY_ID_SOURCE, 'company id', 'company_id[in]=cmp_…,cmp_…').optional(),
    'company_id[nin]': list(COMPANY_ID_SOURCE, 'company id', 'company_id[nin]=cmp_…').optional(),
    created_at: instant().optional(),
    'created_at[gt]': instant().optional(),
    'created_at[gte]': instant().optional(),
    'created_at[lt]': instant().optional(),
    'created_at[lte]': instant().optional(),
    sort: sort.optional(),
    limit: z.coerce
      .number({ error: 'not an integer' })
      .int()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Page size, 1..100 (default 25).' }),
    after: cursor('The `end_cursor` of a page: returns the page after it.').optional(),
    before: cursor('The `start_cursor` of a page: returns the page before it. Not with `after`.').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['before'],
        message: 'after and before cannot be combined',
        params: { validation_type: 'not', how_to_fix: 'Send after (the end_cursor, for the next page) or before (the start_cursor, for the previous page), not both.' },
      });
    }
  });

export type ListEventsQuery = z.output<typeof listEventsQuery>;
