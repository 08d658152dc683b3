import * as z from 'zod';
import { idParam } from '../input/id-param';
import { ApiError, closest } from '../errors';
import { grants, type ScopeName } from '../auth/scopes';

/**
 * The path and query parameters of the company routes, apart from the creation body in `schemas.ts`:
 * a route that only names a company builds none of the body's schemas at a cold start
 * (docs/decisions.md, "Bundles").
 */

export const EXPANDABLE = ['account', 'requirements', 'service_orders'] as const;
export type Expandable = (typeof EXPANDABLE)[number];

/**
 * The scope an expansion needs: the read scope of the route that answers what it embeds, so a key
 * reads through `expand[]` no more than it could read on that route (docs/decisions.md, "Scopes of orders and expansions").
 */
export const EXPANSION_SCOPE: Record<Expandable, ScopeName> = {
  account: 'accounts:read',
  requirements: 'requirements:read',
  service_orders: 'orders:read',
};

/**
 * Refuses with `insufficient_scope` (403) the expansions whose scope the key does not hold, one
 * `errors[]` entry each. Operations call it before they read or write anything, so a refused creation
 * creates nothing.
 */
export function authorizeExpansions(held: readonly string[], expand: readonly Expandable[] | undefined): void {
  const unheld = [...new Set(expand ?? [])].filter((value) => !grants(held, EXPANSION_SCOPE[value]));
  if (!unheld.length) return;
  const needed = unheld.map((value) => `'${EXPANSION_SCOPE[value]}'`).join(', ');
  throw new ApiError(
    'insufficient_scope',
    `This key lacks the scope${unheld.length > 1 ? 's' : ''} ${needed} that ${unheld.map((v) => `expand[]=${v}`).join(', ')} need${unheld.length > 1 ? '' : 's'}.`,
    unheld.map((value) => ({
      reason: `${value} needs the '${EXPANSION_SCOPE[value]}' scope, which this key lacks`,
      location: '$.expand[]',
      validation_type: 'scope',
      how_to_fix: `Use a key that holds '${EXPANSION_SCOPE[value]}', or leave expand[]=${value} out of the request.`,
    })),
  );
}

/**
 * `expand[]` (repeatable): which related objects to embed; an unknown value is refused at `$.expand[]`.
 * The items are checked below rather than as a zod enum, which would refuse at `$.expand[][0]`; their
 * `enum` is still given to the OpenAPI document, so the reference and the SDK list the values.
 */
export const expandQuery = z
  .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(z.string().meta({ enum: [...EXPANDABLE] })).optional())
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
  .transform((v) => v as Expandable[] | undefined)
  .meta({
    description: `Related objects to embed, each needing the read scope of what it embeds: ${EXPANDABLE.map((e) => `\`${e}\` (\`${EXPANSION_SCOPE[e]}\`)`).join(', ')}; without it, 403 \`insufficient_scope\`.`,
  });

export const createCompanyQuery = z.strictObject({ 'expand[]': expandQuery });
export const companyIdParams = z.strictObject({
  companyID: idParam('company', 'company', 'as returned when it was created'),
});
export const getCompanyQuery = createCompanyQuery;
