import type * as z from 'zod';
import { parseOrRefuse } from '../../lib/errors';
import type { ApiError } from '../../lib/errors';
import { createEndpointBody, confirmRollBody } from '../../lib/dashboard/webhook-endpoints';
import { createKeyBody } from '../../lib/dashboard/api-keys';
import { updateSettingsBody } from '../../lib/dashboard/settings';
import { verifySignInBody } from '../../lib/dashboard/schemas';

/**
 * The dashboard's JSON face refuses as the partner API does: the envelope's detail puts the location in
 * front of each reason, so a reason is a predicate ("$.scopes repeats 'companies:read'"), never a
 * sentence of its own ("$.scopes Scopes repeat."), and its how_to_fix shows a value to send.
 */
function refusalOf(schema: z.ZodType, body: unknown): ApiError {
  try {
    parseOrRefuse(schema, body, 'body');
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('not refused');
}

describe('dashboard refusals read as the API’s', () => {
  it.each([
    [
      'a repeated enabled_events entry',
      createEndpointBody,
      { url: 'https://example.com/hooks', livemode: false, enabled_events: ['*', 'company.*', '*'] },
      "$.enabled_events repeats '*'",
      'Name each event type once, such as "enabled_events": ["*","company.*"].',
    ],
    [
      'a repeated scope',
      createKeyBody,
      { livemode: false, scopes: ['companies:read', 'companies:read'] },
      "$.scopes repeats 'companies:read'",
      'Name each scope once, such as "scopes": ["companies:read"].',
    ],
    [
      'an empty scope list',
      createKeyBody,
      { livemode: false, scopes: [] },
      '$.scopes is an empty list',
      expect.stringContaining('such as "scopes": ["companies:read"]'),
    ],
    [
      'an expiry in the past',
      createKeyBody,
      { livemode: false, expires_at: '2020-01-01T00:00:00Z' },
      '$.expires_at is in the past',
      expect.stringContaining('such as "expires_at": "2027-01-01T00:00:00Z"'),
    ],
    [
      'an allowed_ips entry that is not an address',
      createKeyBody,
      { livemode: false, allowed_ips: ['nope'] },
      '$.allowed_ips[0] is not an IP address or CIDR range',
      expect.stringContaining('such as "203.0.113.7"'),
    ],
    [
      'an unknown version',
      updateSettingsBody,
      { api_version: '1999-01-01' },
      '$.api_version is not a version of this API',
      expect.stringMatching(/such as "\d{4}-\d{2}-\d{2}"/),
    ],
    [
      'a secret roll code that is not ten digits',
      confirmRollBody,
      { code: '12345' },
      '$.code does not match ^\\d{10}$',
      'Send the ten digits of the code from the e-mail, as a string, such as "code": "4829137056".',
    ],
    [
      'a sign-in code that is not ten digits',
      verifySignInBody,
      { email: 'owner@example.com', code: 'abc' },
      '$.code does not match ^\\d{10}$',
      'Send the ten digits of the code from the e-mail, as a string, such as "code": "4829137056".',
    ],
  ])('%s', (_what, schema, body, detail, howToFix) => {
    const refusal = refusalOf(schema as z.ZodType, body);
    expect(refusal.detail).toBe(`The body is invalid: ${detail}`);
    expect(refusal.errors?.[0]?.how_to_fix).toEqual(howToFix);
  });
});
