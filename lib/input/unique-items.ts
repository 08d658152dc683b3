import type * as z from 'zod';

/**
 * A list that names each value once: the first value it repeats is refused (`uniqueItems`) with the
 * list as it would be without repeats (`"scopes": […]`, `"enabled_events": […]`).
 */
export function refuseRepeats(values: readonly string[], ctx: z.RefinementCtx, field: string, what: string): void {
  const repeated = values.find((v, i) => values.indexOf(v) !== i);
  if (repeated === undefined) return;
  ctx.addIssue({
    code: 'custom',
    // A predicate, as zod's own reasons are: the envelope's detail reads "$.enabled_events repeats '*'".
    message: `repeats '${repeated}'`,
    params: {
      validation_type: 'uniqueItems',
      how_to_fix: `Name each ${what} once, such as "${field}": ${JSON.stringify([...new Set(values)])}.`,
    },
  });
}
