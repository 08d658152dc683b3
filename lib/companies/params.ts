import * as z from 'zod';
import { idParam } from '../input/id-param';
import { closest } from '../errors';

/**
 * The path and query parameters of the company routes, apart from the creation body in `schemas.ts`:
 * a route that only names a company builds none of the body's schemas at a cold start
 * (docs/decisions.md, "Bundles").
 */

export const EXPANDABLE = ['account', 'requirements', 'service_orders'] as const;
export type Expandable = (typeof EXPANDABLE)[number];

/** `expand[]` (repeatable): which related objects to embed; an unknown value is refused at `$.expand[]`. */
export const expandQuery = z
  .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(z.string()).optional())
  .superRefine((values, ctx) => {
    for (const v of values ?? []) {
      if (!(EXPANDABLE as readonly string[]).includes(v)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${v}' cannot be expanded`,
          params: {
            validation_type: 'enum',
            how_to_fix: `Send expand[] as one of ${EXPANDABLE.join(', ')}, such as expand[]=${closest(v, EXPANDABLE)}.`,
          },
        });
      }
    }
  })
  .transform((v) => v as Expandable[] | undefined);

export const createCompanyQuery = z.strictObject({ 'expand[]': expandQuery });
export const companyIdParams = z.strictObject({
  companyID: idParam('company', 'company', 'as returned when it was created'),
});
export const getCompanyQuery = createCompanyQuery;
