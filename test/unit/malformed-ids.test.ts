import * as z from 'zod';
import { ROUTES } from '../../lib/routes';
import { parseOrRefuse } from '../../lib/errors';
import type { ApiError } from '../../lib/errors';
import { resendBody } from '../../lib/webhooks/operations/dashboard-delivery';
import { sandboxRequirementBody } from '../../lib/requirements/sandbox-requirement-input';

/**
 * A malformed id is refused before any read, and the refusal shows a valid id to copy (the house
 * standard: every `how_to_fix` shows a valid value), whichever route it is sent to: the partner API,
 * the dashboard's JSON face and its pages alike.
 */
// Invoice ids are opaque strings (docs/api.md): no pattern to hold them to.
const isIdName = (name: string) => (name === 'id' || /ID$/.test(name)) && name !== 'invoiceID';

const idParamsOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).filter(isIdName) : [];

const cases = ROUTES.flatMap((route) => idParamsOf(route.params).map((name) => [`${route.method} ${route.path}`, name, route] as const));

describe('a malformed path id', () => {
  it('is found on the routes that take one', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('%s: %s is refused with an id to copy', (_route, name, route) => {
    const input = Object.fromEntries(Object.keys((route.params as z.ZodObject).shape).map((k) => [k, 'x_bad']));
    let refusal: ApiError | undefined;
    try {
      parseOrRefuse(route.params as z.ZodType, input, 'path');
    } catch (error) {
      refusal = error as ApiError;
    }
    const entry = refusal?.errors?.find((e) => e.location === `$.${name}`);
    expect(entry?.how_to_fix).toMatch(/such as [a-z]+_[0-9A-Za-z]{22}\b/);
  });
});

describe('a malformed id in a body', () => {
  const refusalOf = (schema: z.ZodType, input: unknown, location: string) => {
    try {
      parseOrRefuse(schema, input, 'body');
    } catch (error) {
      return (error as ApiError).errors?.find((e) => e.location === location);
    }
    return undefined;
  };

  it.each([
    ['a resend’s event_id', resendBody, { event_id: 'evt_bad' }, '$.event_id', 'evt_'],
    [
      'a sandbox document requirement’s shareholder',
      sandboxRequirementBody,
      { type: 'document', shareholder: 'sh_bad' },
      '$.shareholder',
      'sh_',
    ],
    [
      'a sandbox form requirement’s service_order',
      sandboxRequirementBody,
      { type: 'form', service_order: 'so_bad' },
      '$.service_order',
      'so_',
    ],
  ])('%s is refused with an id to copy', (_what, schema, input, location, prefix) => {
    expect(refusalOf(schema as z.ZodType, input, location)?.how_to_fix).toMatch(new RegExp(`such as ${prefix}[0-9A-Za-z]{22}\\b`));
  });
});
