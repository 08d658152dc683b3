import * as z from 'zod';
import { PRODUCTS } from '../../lib/catalog/products';
import { COMPANY_FIELDS, COMPANY_NESTED, type CompanyRecord, companySchema, renderCompany } from '../../lib/resources/company';
import { FILE_FIELDS, fileSchema } from '../../lib/resources/file';
import type { FieldOrder } from '../../lib/resources/in-field-order';
import { PRODUCT_FIELDS, productSchema, renderProduct } from '../../lib/resources/product';
import {
  type Requirement,
  REQUIREMENT_FIELDS,
  REQUIREMENT_NESTED,
  renderRequirement,
  requirementSchema,
} from '../../lib/resources/requirement';
import { renderRequestLog, requestLogSchema } from '../../lib/resources/request-log';
import {
  renderServiceOrder,
  SERVICE_ORDER_FIELDS,
  SERVICE_ORDER_NESTED,
  type ServiceOrderRecord,
  serviceOrderSchema,
} from '../../lib/resources/service-order';

/**
 * The renderers write a resource's fields from a list of their own, so that rendering never builds the
 * schema (lib/resources/built-on-first-use.ts). The list must be the schema's fields, all of them and
 * in the schema's order: the order partners see is the spec's, and the OpenAPI document is the schema.
 */
describe.each([
  ['Company', COMPANY_FIELDS, companySchema],
  ['File', FILE_FIELDS, fileSchema],
  ['Product', PRODUCT_FIELDS, productSchema],
  ['Requirement', REQUIREMENT_FIELDS, requirementSchema],
  ['ServiceOrder', SERVICE_ORDER_FIELDS, serviceOrderSchema],
] as const)('the %s renderer', (_name, fields, schema) => {
  it("writes the schema's fields, every one and in its order", () => {
    expect([...fields]).toEqual(Object.keys(schema().shape));
  });
});

/** The object schema a field holds, through optional, nullable and list; none for a scalar or a map. */
function objectOf(type: z.ZodType): z.ZodObject | undefined {
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable) return objectOf(type.unwrap() as z.ZodType);
  if (type instanceof z.ZodArray) return objectOf(type.element as z.ZodType);
  return type instanceof z.ZodObject ? type : undefined;
}

/**
 * The field order a schema gives its sub-objects, down to the last: what the renderers' own lists must
 * be. A sub-object with an `object` field of its own is a resource with its own renderer (an expansion).
 */
function nestedOrderOf(schema: z.ZodObject): Record<string, FieldOrder> {
  const out: Record<string, FieldOrder> = {};
  for (const [field, type] of Object.entries(schema.shape)) {
    const inner = objectOf(type as z.ZodType);
    if (!inner || 'object' in inner.shape) continue;
    const nested = nestedOrderOf(inner);
    out[field] = Object.keys(nested).length ? { fields: Object.keys(inner.shape), nested } : { fields: Object.keys(inner.shape) };
  }
  return out;
}

/**
 * The store hands objects back as maps in no particular order, so the renderers order the sub-objects
 * too (a shareholder, a quote, a form): by lists of their own, held here to the schemas.
 */
describe.each([
  ['Company', COMPANY_NESTED, companySchema],
  ['Requirement', REQUIREMENT_NESTED, requirementSchema],
  ['ServiceOrder', SERVICE_ORDER_NESTED, serviceOrderSchema],
] as const)("the %s renderer's sub-objects", (_name, nested, schema) => {
  it("are each written in their schema's order, every field of them", () => {
    expect(nested).toEqual(nestedOrderOf(schema()));
  });
});

/** The same object with its keys reversed, as a map read back from the store can come. */
function shuffled<T>(value: T): T {
  if (Array.isArray(value)) return value.map(shuffled) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, shuffled(v)]),
  ) as T;
}

/** Every object's keys, depth first, so a test compares order and not only content. */
function keyPaths(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keyPaths(v, `${at}.${k}`)]);
}

describe('a record read back from the store in another order', () => {
  const at = '2024-05-01T00:00:00.000Z';
  const shareholder = {
    id: 'sh_PXhc4wczxEBQ6cwaxAZc1r',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    address: { line1: '1 Main St', city: 'Paris', country: 'FR' },
    ownership_percentage: 100,
    main_incorporator: true,
    relationship: { director: true, title: 'Founder' },
  };
  const company = {
    id: 'cmp_PXhc4wczxEBQ6cwaxAZc1r',
    account_id: 'acct_PXhc4wczxEBQ6cwaxAZc1r',
    livemode: false,
    name: 'Acme',
    state: 'WY',
    entity_type: 'llc',
    ending: 'LLC',
    timezone: 'America/New_York',
    name_style: 'plain',
    owner_privacy: 'public',
    pre_existing: false,
    status: 'requires_information',
    verification: 'pending',
    address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001', country: 'US' },
    foreign_qualifications: [{ state: 'DE', registered_on: '2024-01-02', file_number: '7' }],
    entitlements: {},
    shareholders: [shareholder],
    officers: [{ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', roles: ['ceo'], shareholder: shareholder.id }],
    officers_settled: true,
    metadata: {},
    created_at: at,
    updated_at: at,
    name_key: 'acme',
    version: 1,
  } as unknown as CompanyRecord;

  it("renders a company's shareholders, officers and addresses in the schema's order", () => {
    expect(keyPaths(renderCompany(shuffled(company)))).toEqual(keyPaths(renderCompany(company)));
    expect(Object.keys(renderCompany(shuffled(company)).shareholders![0])).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'address',
      'ownership_percentage',
      'main_incorporator',
      'relationship',
    ]);
  });

  it("renders an order's quote, fees and form in the schema's order", () => {
    const order = {
      id: 'so_PXhc4wczxEBQ6cwaxAZc1r',
      company: company.id,
      product_key: 'itin',
      status: 'in_progress',
      form: {
        title: 'Details',
        fields: [{ field_name: 'Name', field_type: 'text', key: 'name', required: true, validation: { min_length: 1, max_length: 9 } }],
      },
      unit_amount: 5000,
      currency: 'usd',
      quote: { state: 'accepted', unit_amount: 5000, currency: 'usd', quoted_at: at, expires_at: at, accepted_at: at },
      fees: [{ kind: 'state_fee', unit_amount: 100, currency: 'usd' }],
      created_at: at,
      livemode: false,
      billing: 'advance',
      updated_at: at,
    } as unknown as ServiceOrderRecord;
    expect(keyPaths(renderServiceOrder(shuffled(order), { withForm: true }))).toEqual(
      keyPaths(renderServiceOrder(order, { withForm: true })),
    );
    expect(Object.keys(renderServiceOrder(shuffled(order)).quote!)).toEqual([
      'state',
      'unit_amount',
      'currency',
      'quoted_at',
      'expires_at',
      'accepted_at',
    ]);
  });

  it("renders a requirement's signers in the schema's order", () => {
    const requirement: Omit<Requirement, 'object'> = {
      id: 'rqmt_PXhc4wczxEBQ6cwaxAZc1r',
      company: company.id,
      type: 'signature',
      status: 'open',
      requested_by: 'system',
      signers: [{ name: 'Grace', email: 'grace@example.com', status: 'viewed', viewed_at: at }],
      livemode: false,
      created_at: at,
    };
    expect(keyPaths(renderRequirement(shuffled(requirement)))).toEqual(keyPaths(renderRequirement(requirement)));
    expect(Object.keys(renderRequirement(shuffled(requirement)).signers![0])).toEqual(['name', 'email', 'status', 'viewed_at']);
  });
});

describe('the catalog as GET /products shows it', () => {
  it("gives each product's fields in the schema's order, object and key first, grants kept when null", () => {
    for (const product of PRODUCTS) {
      expect(Object.keys(renderProduct(product))).toEqual(PRODUCT_FIELDS.filter((f) => f in product));
      expect(renderProduct(product)).toEqual(product);
    }
    expect(Object.keys(renderProduct(PRODUCTS[0])).slice(0, 2)).toEqual(['object', 'key']);
    expect(renderProduct(PRODUCTS[1])).toHaveProperty('grants', null);
  });
});

describe('schemas built on first use', () => {
  it('gives the same schema object every time, so an id is one component wherever it is used', () => {
    expect(companySchema()).toBe(companySchema());
    expect(requirementSchema()).toBe(requirementSchema());
  });
});

describe('the request log renderer', () => {
  it("writes an entry's fields in the schema's order, the optional ones where they stand", () => {
    const entry = renderRequestLog({
      id: 'req_0000000000000000000000',
      method: 'POST',
      path: '/v1/companies',
      query: {},
      status: 400,
      code: 'invalid_request',
      api_version: '2026-11-01',
      idempotency_key: 'k-1',
      key_id: 'key_0000000000000000000000',
      source_ip: '203.0.113.7',
      duration_ms: 12,
      created_at: '2026-11-26T20:00:00.000Z',
      request_body: { name: 'Acme' },
      response_body: { code: 'invalid_request' },
    });
    expect(Object.keys(entry)).toEqual(Object.keys(requestLogSchema().shape));
  });
});
