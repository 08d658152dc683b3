import * as z from 'zod';
import { ERROR_CODES } from '../errors';

/** The error envelope (spec Errors): every non-2xx answer of the API. */
export const errorEnvelopeSchema = z
  .strictObject({
    type: z.string().meta({ description: 'Link to the reference entry: {docs_url}/partner/errors#<code>.' }),
    title: z.string(),
    status: z.number().int().min(100).max(599),
    code: z.enum(Object.keys(ERROR_CODES) as [string, ...string[]]),
    detail: z.string().optional(),
    request_id: z.string().optional(),
    errors: z
      .array(
        z.strictObject({
          reason: z.string(),
          location: z.string().optional().meta({ description: 'JSONPath of the failing field, e.g. $.name.' }),
          validation_type: z.string().optional(),
          how_to_fix: z.string().optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Error', description: 'The error envelope; clients branch on code, never on detail.' });

/** The `page` block of paged lists (spec List envelope): all six fields, always. */
export const pageSchema = z
  .strictObject({
    start_cursor: z.string().nullable().meta({ description: 'Pass as before for the previous page; null when the page is empty.' }),
    end_cursor: z.string().nullable().meta({ description: 'Pass as after for the next page; null when the page is empty.' }),
    has_next_page: z.boolean(),
    has_prev_page: z.boolean(),
    limit: z.number().int().min(1).max(100),
    total: z.number().int().min(0).meta({ description: 'Count of items over all pages of the filtered listing.' }),
  })
  .meta({ id: 'Page', description: 'Cursor paging of a list; cursors are valid only for the listing that minted them.' });

/** `{object: "list", page, items[]}` of `item`, registered as component `id`. */
export function pagedList(id: string, item: z.ZodType, description: string) {
  return z.strictObject({ object: z.literal('list'), page: pageSchema, items: z.array(item) }).meta({ id, description });
}

/** `{object: "list", items[]}` without a page block (service orders, status tokens, fixed assets…). */
export function plainList(id: string, item: z.ZodType, description: string) {
  return z.strictObject({ object: z.literal('list'), items: z.array(item) }).meta({ id, description });
}
