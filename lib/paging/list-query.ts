import * as z from 'zod';

/**
 * The common list parameters (spec Endpoints: `sort`, `limit`, `after`, `before`). `sort` names the
 * fields a listing supports; an unsupported one is refused with a suggestion.
 */
export function sortParam(fields: readonly string[]) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]);
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const parts = value.split(',').map((p) => p.trim());
      for (const part of parts) {
        if (!allowed.includes(part)) {
          const bare = part.replace(/^-/, '');
          const near = fields.find((f) => f.includes(bare) || bare.includes(f)) ?? fields[0];
          ctx.addIssue({
            code: 'custom',
            message: `cannot sort by '${part}'`,
            params: { validation_type: 'enum', how_to_fix: `Sort by one of: ${allowed.join(', ')}. Did you mean '${part.startsWith('-') ? '-' : ''}${near}'?` },
          });
        }
      }
      if (new Set(parts.map((p) => p.replace(/^-/, ''))).size !== parts.length) {
        ctx.addIssue({ code: 'custom', message: 'names a field twice', params: { validation_type: 'uniqueItems', how_to_fix: 'Name each sort field once.' } });
      }
    });
}

/** `limit`: 1..100, default 25 (spec Limits); query strings carry it as text. */
export const limitParam = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return 25;
    if (!/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > 100) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer from 1 to 100', params: { validation_type: 'maximum', how_to_fix: 'Send limit between 1 and 100 (default 25).' } });
      return z.NEVER;
    }
    return Number(v);
  });

export const cursorParams = { after: z.string().min(1).max(2048).optional(), before: z.string().min(1).max(2048).optional() };

/** `after` and `before` cannot be combined (spec Endpoints). */
export function refuseAfterWithBefore(q: { after?: string; before?: string }, ctx: z.RefinementCtx): void {
  if (q.after !== undefined && q.before !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['before'],
      message: 'cannot be combined with after',
      params: { validation_type: 'not', how_to_fix: 'Send after (the next page) or before (the previous page), not both.' },
    });
  }
}

/** Listings here sort by `created_at` only: `-created_at` (newest first, the default) or `created_at`. */
export function isDescending(sort: string | undefined): boolean {
  return sort === undefined || sort.trim().startsWith('-');
}
