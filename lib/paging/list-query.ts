import * as z from 'zod';
import { closest, ruleTexts, type JsonSchema } from '../errors';

/**
 * The common list parameters (spec Endpoints: `sort`, `limit`, `after`, `before`). `sort` names the
 * fields a listing supports; an unsupported one is refused with a suggestion. Each carries the JSON
 * Schema the OpenAPI document (and the SDK typed from it) shows: the accepted sort values, and `limit`
 * as the spec's integer 1..100 rather than the text a query string carries.
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
          const near = closest(bare, fields);
          ctx.addIssue({
            code: 'custom',
            message: `cannot sort by '${part}'`,
            params: {
              validation_type: 'enum',
              how_to_fix: `Sort by one of ${allowed.join(', ')}, such as sort=${part.startsWith('-') ? '-' : ''}${near}.`,
            },
          });
        }
      }
      if (new Set(parts.map((p) => p.replace(/^-/, ''))).size !== parts.length) {
        const once = [...new Set(parts.map((p) => p.replace(/^-/, '')))].join(',');
        ctx.addIssue({
          code: 'custom',
          message: 'names a field twice',
          params: { validation_type: 'uniqueItems', how_to_fix: `Name each sort field once, such as sort=${once}.` },
        });
      }
    })
    .meta(sortSchema(fields, allowed));
}

/**
 * What the OpenAPI document says of `sort`: with one sortable field, its two directions are every valid
 * value (an enum the SDK types); with more, fields combine (`-created_at,name`), which a pattern says.
 */
function sortSchema(fields: readonly string[], allowed: readonly string[]): Record<string, unknown> {
  const description = `${allowed.map((f) => `\`${f}\``).join(', ')}${fields.length > 1 ? ', comma-separated' : ''}; a \`-\` prefix means descending.`;
  if (fields.length === 1) return { enum: [...allowed], description };
  const one = `-?(${fields.join('|')})`;
  return { pattern: `^${one}(,${one})*$`, description };
}

const LIMIT_RULE: JsonSchema = { type: 'integer', minimum: 1, maximum: 100, examples: [25] };

/** `limit`: 1..100, default 25 (spec Limits); query strings carry it as text, digits only. */
export const limitParam = z
  .string()
  // On the input side, where zod's input schema (the parameter's) keeps them: on the transform below it leaves them out.
  .meta({ default: 25, examples: [25] } as Record<string, unknown>)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return 25;
    const n = Number(v);
    const failed = !/^[0-9]+$/.test(v) ? 'type' : n < 1 ? 'minimum' : n > 100 ? 'maximum' : undefined;
    if (failed) {
      const limit = failed === 'maximum' ? 100 : 1;
      const texts = ruleTexts({
        validation_type: failed,
        path: ['limit'],
        place: 'query',
        node: LIMIT_RULE,
        input: failed === 'type' ? v : n,
        limit,
        expected: 'integer',
      });
      ctx.addIssue({
        code: 'custom',
        message: failed === 'type' ? `'${v}' is not a whole number` : texts.reason,
        params: { validation_type: failed, how_to_fix: texts.how_to_fix },
      });
      return z.NEVER;
    }
    return n;
  })
  // Of this meta, zod's input schema (the parameter's) keeps the type, bounds and description.
  .meta({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    description: 'Page size, 1..100 (default 25).',
  } as Record<string, unknown>);

export const cursorParams = { after: z.string().min(1).max(2048).optional(), before: z.string().min(1).max(2048).optional() };

/** `after` and `before` cannot be combined (spec Endpoints). */
export function refuseAfterWithBefore(q: { after?: string; before?: string }, ctx: z.RefinementCtx): void {
  if (q.after !== undefined && q.before !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['before'],
      message: 'cannot be combined with after',
      params: {
        validation_type: 'not',
        how_to_fix: 'Send after (the end_cursor, for the next page) or before (the start_cursor, for the previous page), not both.',
      },
    });
  }
}

/** Listings here sort by `created_at` only: `-created_at` (newest first, the default) or `created_at`. */
export function isDescending(sort: string | undefined): boolean {
  return sort === undefined || sort.trim().startsWith('-');
}

/**
 * `after` of a list whose cursor is ours to read (the dashboard's listings): at most `maxLength`
 * characters of base64url, `decode` of its text, or refused with how to page instead.
 */
export function cursorParam<T>(maxLength: number, decode: (text: string) => T | undefined) {
  return z
    .string()
    .max(maxLength)
    .transform((v, ctx) => {
      const decoded = decode(Buffer.from(v, 'base64url').toString('utf8'));
      if (decoded !== undefined) return decoded;
      ctx.addIssue({
        code: 'custom',
        message: 'is not a cursor of this list',
        params: {
          validation_type: 'format',
          how_to_fix: 'Send the next_cursor of the previous page unchanged, or leave after out for the first page.',
        },
      });
      return z.NEVER;
    });
}
