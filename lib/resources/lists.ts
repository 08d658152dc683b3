import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';

/** The `page` block of paged lists (spec List envelope): all six fields, always. */
export const pageSchema = onFirstUse(() =>
  z
    .strictObject({
      start_cursor: z.string().nullable().meta({ description: 'Pass as before for the previous page; null when the page is empty.' }),
      end_cursor: z.string().nullable().meta({ description: 'Pass as after for the next page; null when the page is empty.' }),
      has_next_page: z.boolean(),
      has_prev_page: z.boolean(),
      limit: z.number().int().min(1).max(100),
      total: z.number().int().min(0).meta({ description: 'Count of items over all pages of the filtered listing.' }),
    })
    .meta({ id: 'Page', description: 'Cursor paging of a list; cursors are valid only for the listing that minted them.' }),
);

/** `{object: "list", page, items[]}` of `item`, registered as component `id`; built on first use, as `item` is. */
export function pagedList(id: string, item: () => z.ZodType, description: string) {
  return onFirstUse(() =>
    z.strictObject({ object: z.literal('list'), page: pageSchema(), items: z.array(item()) }).meta({ id, description }),
  );
}

/** `{object: "list", items[]}` without a page block (service orders, status tokens, fixed assets…). */
export function plainList(id: string, item: () => z.ZodType, description: string) {
  return onFirstUse(() => z.strictObject({ object: z.literal('list'), items: z.array(item()) }).meta({ id, description }));
}
