import { z } from 'zod';
import { fieldErrors, invalidField, jsonPath, parseOrRefuse, ApiError } from '../../lib/errors';
import { listAccountsQuery } from '../../lib/accounts/list-accounts';
import { listCompaniesQuery } from '../../lib/companies/list-companies';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import { changeEntitlementsBody } from '../../lib/entitlements/schemas';
import { createOrderBody } from '../../lib/orders/create-order';
import { publishFileBody } from '../../lib/files/schemas';
import { sandboxRequirementBody } from '../../lib/requirements/sandbox-requirement-input';
import { cancelRequirementBody } from '../../lib/requirements/schemas';
import { completeBody } from '../../lib/orders/params';
import { advanceTaxFilingBody } from '../../lib/tax-filings/schemas';
import { identityUpdateInput } from '../../lib/lifecycle/operations/update-identity';
import { updateEndpointBody } from '../../lib/dashboard/webhook-endpoints';

describe('validation errors', () => {
  const schema = z.strictObject({
    name: z
      .string()
      .max(5)
      .regex(/^[a-z]+$/),
    state: z.enum(['DE', 'WY']),
    shareholders: z.array(z.strictObject({ email: z.email() })).max(2),
  });

  it('renders paths as JSONPath with array indexes', () => {
    expect(jsonPath(['shareholders', 2, 'email'])).toBe('$.shareholders[2].email');
    expect(jsonPath([])).toBe('$');
  });

  it('names a caller key that dot notation cannot carry in bracket notation, and keeps our parameter names as they are', () => {
    expect(jsonPath(['metadata', ''])).toBe("$.metadata['']");
    expect(jsonPath(['metadata', 'a.b'])).toBe("$.metadata['a.b']");
    expect(jsonPath(['metadata', "it's here"])).toBe("$.metadata['it\\'s here']");
    expect(jsonPath(['created_at[gte]'])).toBe('$.created_at[gte]');
    expect(jsonPath(['expand[]'])).toBe('$.expand[]');
    expect(jsonPath(['headers', 'Service-Version'])).toBe('$.headers.Service-Version');
  });

  it('names each violating field with its schema keyword and a fix', () => {
    const result = schema.safeParse({ name: 'TOOLONG', state: 'CA', shareholders: [{ email: 'x' }], extra: 1 });
    const errors = fieldErrors(result.error!);
    const at = (loc: string) => errors.filter((e) => e.location === loc).map((e) => e.validation_type);
    expect(at('$.name')).toEqual(expect.arrayContaining(['maxLength', 'pattern']));
    expect(at('$.state')).toEqual(['enum']);
    expect(at('$.shareholders[0].email')).toEqual(['format']);
    expect(at('$.extra')).toEqual(['additionalProperties']);
    expect(errors.every((e) => e.how_to_fix)).toBe(true);
  });

  it('reports a missing field as required, whatever its type, with what it accepts and a valid value', () => {
    const errors = fieldErrors(schema.safeParse({ shareholders: [] }, { reportInput: true }).error!, [], schema);
    expect(errors).toEqual([
      {
        reason: 'is required',
        location: '$.name',
        validation_type: 'required',
        how_to_fix: 'Send name: a string of at most 5 characters matching ^[a-z]+$.',
      },
      {
        reason: 'is required',
        location: '$.state',
        validation_type: 'required',
        how_to_fix: 'Send state: one of DE, WY, such as "state": "DE".',
      },
    ]);
  });

  it('words each rule from the schema: the field, the rule and a valid value written as sent', () => {
    const errors = fieldErrors(
      schema.safeParse(
        { name: 'abcdefg', state: 'WX', shareholders: [{ email: 'x' }, { email: 'ada@example.com' }] },
        { reportInput: true },
      ).error!,
      [],
      schema,
    );
    expect(errors).toEqual([
      {
        reason: 'has 7 characters; at most 5 allowed',
        location: '$.name',
        validation_type: 'maxLength',
        how_to_fix: 'Send name as a string of at most 5 characters matching ^[a-z]+$.',
      },
      {
        reason: "'WX' is not one of the 2 accepted values",
        location: '$.state',
        validation_type: 'enum',
        how_to_fix: 'Send state as one of DE, WY, such as "state": "WY" (the closest to what was sent).',
      },
      {
        reason: 'is not an e-mail address',
        location: '$.shareholders[0].email',
        validation_type: 'format',
        how_to_fix: 'Send shareholders[0].email as an e-mail address, such as "email": "ada@example.com".',
      },
    ]);
    const many = fieldErrors(
      schema.safeParse({ name: 'a', state: 'DE', shareholders: Array(3).fill({ email: 'ada@example.com' }) }, { reportInput: true }).error!,
      [],
      schema,
    );
    expect(many).toEqual([
      {
        reason: 'has 3 items; at most 2 allowed',
        location: '$.shareholders',
        validation_type: 'maxItems',
        how_to_fix: 'Send at most 2 items in shareholders (remove 1), each an object.',
      },
    ]);
  });

  it('writes a query parameter example as the query string carries it, and suggests the closest field', () => {
    const query = z.strictObject({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .meta({ examples: [25] }),
      type: z.string().optional(),
    });
    const errors = fieldErrors(query.safeParse({ limit: '1000', typ: 'x' }, { reportInput: true }).error!, [], query, 'query');
    expect(errors).toEqual([
      {
        reason: 'is 1000; it must be at most 100',
        location: '$.limit',
        validation_type: 'maximum',
        how_to_fix: 'Send limit as an integer from 1 to 100, such as limit=25.',
      },
      {
        reason: 'is not a parameter of this request',
        location: '$.typ',
        validation_type: 'additionalProperties',
        how_to_fix: "Remove 'typ'. Did you mean 'type'?",
      },
    ]);
  });

  it('words a date-time or e-mail field by its format, never by the regex zod writes for it', () => {
    const body = z.strictObject({ as_of: z.iso.datetime({ offset: true }), email: z.email() });
    const errors = fieldErrors(body.safeParse({ as_of: 'x', email: 'y' }).error!, [], body);
    expect(errors.map((e) => e.how_to_fix)).toEqual([
      'Send as_of as an RFC 3339 date-time, such as "as_of": "2026-11-01T09:30:00Z".',
      'Send email as an e-mail address, such as "email": "ada@example.com".',
    ]);
  });

  it('points a parameter sent twice at its [in] form only where the listing has one', () => {
    const refusal = (schema: z.ZodType, query: Record<string, unknown>) => {
      try {
        parseOrRefuse(schema, query, 'query string');
      } catch (error) {
        return (error as ApiError).errors!.map(({ location, validation_type, how_to_fix }) => ({ location, validation_type, how_to_fix }));
      }
      throw new Error('accepted');
    };
    // GET /events offers type[in]; limit, sort and the companies' status filter have no list form.
    expect(refusal(listEventsQuery, { type: ['company.created', 'company.verified'] })).toEqual([
      {
        location: '$.type',
        validation_type: 'type',
        how_to_fix: 'Send type once, such as type=company.created; to match several values use type[in] with a comma-separated list.',
      },
    ]);
    for (const [schema, query, field] of [
      [listAccountsQuery, { limit: ['3', '4'] }, 'limit'],
      [listAccountsQuery, { sort: ['created_at', '-created_at'] }, 'sort'],
      [listCompaniesQuery, { status: ['active', 'in_progress'] }, 'status'],
    ] as const) {
      const [entry] = refusal(schema, query);
      expect(entry).toMatchObject({ location: `$.${field}`, validation_type: 'type' });
      expect(entry.how_to_fix).toMatch(new RegExp(`^Send ${field} once, such as ${field}=[a-z_0-9-]+\\.$`));
    }
  });

  it('tells an RFC 3339 offset whose + arrived as a space (an unencoded query string) to be sent as %2B', () => {
    const [entry] = fieldErrors(
      listEventsQuery.safeParse({ 'created_at[gte]': '2026-11-26T15:37:00 01:00' }, { reportInput: true }).error!,
      [],
      listEventsQuery,
      'query',
    );
    expect(entry.location).toBe('$.created_at[gte]');
    expect(entry.how_to_fix).toContain('2026-11-26T15:37:00%2B01:00');
    const [plain] = fieldErrors(
      listEventsQuery.safeParse({ created_at: '2026-11-26' }, { reportInput: true }).error!,
      [],
      listEventsQuery,
      'query',
    );
    expect(plain.how_to_fix).toContain('%2B01:00');
    expect(plain.how_to_fix).not.toMatch(/\+01:00/);
  });

  it('names the field in the detail of a one-field refusal whose reason is a predicate, as schema refusals do', () => {
    // Before, POST /files without a shareholder answered `"detail": "is required for identity_document"`.
    expect(invalidField('$.shareholder', 'is required for identity_document', 'Send shareholder.', 'required').detail).toBe(
      '$.shareholder is required for identity_document.',
    );
    expect(invalidField('$.id', 'The endpoint is disabled.', 'Enable it.').detail).toBe('The endpoint is disabled.');
  });

  it('throws invalid_request carrying every field error', () => {
    try {
      parseOrRefuse(schema, { name: 1 }, 'body');
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_request');
      expect((error as ApiError).errors!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('carries validation_type and how_to_fix given by a custom rule', () => {
    const rule = z.string().superRefine((v, ctx) => {
      if (v.startsWith('The'))
        ctx.addIssue({
          code: 'custom',
          message: 'must not start with "The"',
          params: { validation_type: 'not', how_to_fix: 'Drop the leading "The".' },
        });
    });
    const [error] = fieldErrors(z.object({ name: rule }).safeParse({ name: 'The Co' }).error!);
    // A hand-written fix that does not name its field gets it in front.
    expect(error).toEqual({
      reason: 'must not start with "The"',
      location: '$.name',
      validation_type: 'not',
      how_to_fix: 'name: Drop the leading "The".',
    });
  });

  it("tells an integer past the safe range the schema's own bound once, not zod's safe-integer bound beside it", () => {
    const limit = z.strictObject({ limit: z.coerce.number().int().min(1).max(100) });
    const errors = fieldErrors(limit.safeParse({ limit: '99999999999999999999' }, { reportInput: true }).error!, [], limit, 'query');
    expect(errors.map((e) => [e.location, e.validation_type, e.reason])).toEqual([
      ['$.limit', 'maximum', 'is 100000000000000000000; it must be at most 100'],
    ]);
    const unbounded = z.strictObject({ n: z.number().int() });
    expect(fieldErrors(unbounded.safeParse({ n: 2 ** 60 }).error!, [], unbounded).map((e) => e.validation_type)).toEqual(['maximum']);
  });
});

describe('a sandbox entitlement change refused', () => {
  const refusalOf = (delta: unknown) => {
    try {
      parseOrRefuse(changeEntitlementsBody, { kind: 'federal_tax_filing', delta }, 'body');
    } catch (error) {
      return (error as ApiError).errors![0];
    }
    throw new Error(`accepted ${String(delta)}`);
  };

  // The bounds' midpoint (0) is the one integer in range that the body refuses ("must not be 0").
  it.each([1e308, -1e308, 2.5, 101, -101, 0, '1'])('for delta %p shows a delta that is accepted', (delta) => {
    const fix = refusalOf(delta).how_to_fix ?? '';
    const shown = /"delta": (-?\d+)/.exec(fix)?.[1];
    expect(shown).toBeDefined();
    expect(changeEntitlementsBody.safeParse({ kind: 'federal_tax_filing', delta: Number(shown) }).success).toBe(true);
  });
});

describe('a free-text or id field refused shows a valid value', () => {
  const long = 'x'.repeat(1001);
  it.each([
    ['GET /companies external_id', listCompaniesQuery, { external_id: '' }, 'query string', 'external_id=client-4821'],
    ['an order for an owner', createOrderBody, { product_key: 'registered_agent', shareholder: 5 }, 'body', '"shareholder": "sh_'],
    ['a published document', publishFileBody, { title: '' }, 'body', '"title": "Certificate of Formation"'],
    [
      'a signature requirement',
      sandboxRequirementBody,
      { type: 'signature', document_name: '', signers: [{ name: '', email: 'ada@example.com' }] },
      'body',
      '"document_name": "Operating Agreement"',
    ],
    ['a requirement message', sandboxRequirementBody, { type: 'information', message: long }, 'body', '"message": "Please confirm'],
    ['a requirement cancelled', cancelRequirementBody, { reason: '' }, 'body', '"reason": "Opened by mistake"'],
    ['an order completed', completeBody, { outcome: '' }, 'body', '"outcome": "approved"'],
    ['a tax filing advanced', advanceTaxFilingBody, { progress: 'Not Snake' }, 'body', '"progress": "documents_collected"'],
    ['an identity update', identityUpdateInput, { custom_industry: '' }, 'body', '"custom_industry": "Drone inspections"'],
    ['a webhook endpoint', updateEndpointBody, { description: long }, 'body', '"description": "Orders for the CRM"'],
  ] as const)('%s', (_name, schema, input, place, shown) => {
    let refusal: ApiError | undefined;
    try {
      parseOrRefuse(schema as z.ZodType, input, place);
    } catch (error) {
      refusal = error as ApiError;
    }
    expect(refusal?.errors?.map((e) => e.how_to_fix).join(' | ')).toContain(`such as ${shown}`);
  });
});
