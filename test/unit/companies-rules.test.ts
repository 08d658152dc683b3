import { legalName } from '../../lib/resources/legal-name';
import { attachedProducts } from '../../lib/companies/attached-products';
import { nameKey, tidyName } from '../../lib/companies/normalise-name';
import { formatEin } from '../../lib/companies/new-company';
import { isIanaZone } from '../../lib/companies/rules/timezone';
import * as z from 'zod';
import { createdAtQuery, createdAtRange, isEmptyRange } from '../../lib/paging/created-at-range';
import { addInterval, newServiceOrder } from '../../lib/orders/new-service-order';
import { findProduct } from '../../lib/catalog/products';
import { requestFingerprint } from '../../lib/http/core/request-fingerprint';
import { renderCompany, companySchema } from '../../lib/resources/company';

describe('company rules without I/O', () => {
  it('renders legal names by name_style and the ending table', () => {
    expect(legalName('Acme Widgets', 'comma', 'llc')).toBe('Acme Widgets, LLC');
    expect(legalName('Acme Widgets', 'plain', 'inc')).toBe('Acme Widgets Inc.');
    expect(legalName('Acme', 'plain', 'l_l_c')).toBe('Acme L.L.C.');
  });

  it('compares names ignoring case and whitespace, and stores them tidied', () => {
    expect(nameKey('  Acme   Widgets ')).toBe(nameKey('ACME WIDGETS'));
    expect(tidyName('  Acme   Widgets ')).toBe('Acme Widgets');
  });

  it('formats an EIN as NN-NNNNNNN', () => {
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(formatEin('12-3456789')).toBe('12-3456789');
  });

  it('knows IANA zones', () => {
    expect(isIanaZone('America/New_York')).toBe(true);
    expect(isIanaZone('UTC')).toBe(true);
    expect(isIanaZone('Mars/Olympus')).toBe(false);
    expect(isIanaZone('EST5EDT x')).toBe(false);
  });

  it('attaches formation only when the operator forms the company, with mandatory and bundled products', () => {
    expect(attachedProducts({ pre_existing: false, services: ['compliance_bundle'] }).map((a) => [a.product.key, a.includedIn])).toEqual([
      ['formation', undefined],
      ['registered_agent', undefined],
      ['compliance_bundle', undefined],
      ['annual_report', 'compliance_bundle'],
    ]);
    expect(attachedProducts({ pre_existing: true }).map((a) => a.product.key)).toEqual(['registered_agent']);
  });

  it('prices an order at wholesale with options and frozen state fees', () => {
    const scope = { partnerId: 'ptr_x', mode: 'test' as const };
    const order = newServiceOrder(scope, {
      product: findProduct('formation')!,
      companyId: 'cmp_x',
      state: 'DE',
      options: { turnaround: 'expedited' },
      createdAt: '2026-01-31T00:00:00.000Z',
    });
    expect(order).toMatchObject({ unit_amount: 24900, status: 'received', options: { turnaround: 'expedited' } });
    expect(order.fees).toEqual([
      { kind: 'state_fee', unit_amount: 14000, currency: 'usd' },
      { kind: 'processing_fee', unit_amount: 500, currency: 'usd' },
    ]);
    const included = newServiceOrder(scope, {
      product: findProduct('annual_report')!,
      companyId: 'cmp_x',
      state: 'CA',
      includedIn: 'compliance_bundle',
      createdAt: '2026-01-31T00:00:00.000Z',
    });
    expect(included).toMatchObject({ unit_amount: 0, included_in: 'compliance_bundle', next_renewal_at: '2027-01-31T00:00:00.000Z' });
    expect(addInterval('2026-01-31T10:00:00.000Z', 'monthly')).toBe('2026-02-28T10:00:00.000Z');
  });

  it('turns created_at filters into exclusive sort-key bounds', () => {
    const t = '2026-11-01T00:00:00.000Z';
    expect(createdAtRange({ 'created_at[gte]': t })).toEqual({ gt: t, lt: undefined });
    expect(createdAtRange({ 'created_at[gt]': '2026-11-01T00:00:00Z' })).toEqual({ gt: `${t}$`, lt: undefined });
    expect(createdAtRange({ 'created_at[lte]': t, 'created_at[lt]': '2026-12-01T00:00:00Z' })).toEqual({ gt: undefined, lt: `${t}$` });
    const sk = `${t}#cmp_x`;
    expect(sk > t && sk < `${t}$`).toBe(true);
  });

  it('reads created_at filters by the one RFC 3339 rule of GET /events: offsets, lower case, finer fractions', () => {
    const t = '2026-11-01T00:00:00.000Z';
    expect(createdAtRange({ 'created_at[gte]': '2026-11-01t01:00:00+01:00' })).toEqual({ gt: t, lt: undefined });
    // A bound finer than the keys' milliseconds keeps exactly what it names: nothing equals it.
    expect(createdAtRange({ 'created_at[gte]': '2026-11-01T00:00:00.0005Z' })).toEqual({ gt: `${t}$`, lt: undefined });
    expect(createdAtRange({ 'created_at[lt]': '2026-11-01T00:00:00.0005Z' })).toEqual({ gt: undefined, lt: `${t}$` });
    expect(isEmptyRange(createdAtRange({ created_at: '2026-11-01T00:00:00.0005Z' }))).toBe(true);
    const query = z.strictObject(createdAtQuery);
    for (const day of ['2026-02-30T00:00:00Z', '2026-11-01T24:00:00Z', '2026-11-01T10:00:60Z', '2026-11-01']) {
      const refused = query.safeParse({ 'created_at[gte]': day });
      expect({ day, issues: refused.error?.issues.map((i) => i.message) }).toEqual({ day, issues: ['is not an RFC 3339 date-time'] });
    }
  });

  it('fingerprints a request by value: key order and whitespace do not matter, the Service-Account header and the version in force do', () => {
    const event = (headers: Record<string, string> = {}) =>
      ({ httpMethod: 'POST', path: '/v1/companies', headers, queryStringParameters: null, multiValueQueryStringParameters: null }) as never;
    const v = '2026-11-01';
    expect(requestFingerprint(event(), { a: 1, b: [1, 2] }, v)).toBe(requestFingerprint(event(), { b: [1, 2], a: 1 }, v));
    expect(requestFingerprint(event(), { a: 1 }, v)).not.toBe(requestFingerprint(event({ 'Service-Account': 'acct_1' }), { a: 1 }, v));
    expect(requestFingerprint(event(), undefined, v)).toBe(requestFingerprint(event(), {}, v));
    expect(requestFingerprint(event(), undefined, v)).not.toBe(requestFingerprint(event(), { a: 1 }, v));
    // the version the request runs under, not the header as sent: naming the version in force is the same request
    expect(requestFingerprint(event({ 'Service-Version': v }), { a: 1 }, v)).toBe(requestFingerprint(event(), { a: 1 }, v));
    expect(requestFingerprint(event(), { a: 1 }, v)).not.toBe(requestFingerprint(event(), { a: 1 }, '2027-01-01'));
  });

  it('renders a stored company with exactly the Company fields and no internals', () => {
    const record = {
      id: 'cmp_' + 'A'.repeat(22),
      account_id: 'acct_' + 'A'.repeat(22),
      livemode: false,
      name: 'Acme',
      state: 'WY',
      entity_type: 'llc',
      ending: 'llc',
      timezone: 'America/Denver',
      name_style: 'plain',
      owner_privacy: 'public',
      pre_existing: false,
      status: 'requires_information',
      verification: 'pending',
      foreign_qualifications: [],
      entitlements: {},
      shareholders: [],
      officers: [],
      officers_settled: false,
      metadata: {},
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      name_key: 'acme',
      version: 3,
      membership_units: 100,
    } as never;
    const company = renderCompany(record, { openRequirements: 2 });
    expect(companySchema().safeParse(company).success).toBe(true);
    expect(company).toMatchObject({ legal_name: 'Acme LLC', open_requirements: 2 });
    expect(company).not.toHaveProperty('version');
    expect(renderCompany(record)).not.toHaveProperty('open_requirements');
  });
});
