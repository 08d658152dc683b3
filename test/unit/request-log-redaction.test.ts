import { isLogged, requestLogEntry } from '../../lib/request-log/entry';
import { STORED_CHARS, storedBody, REDACTED, redact } from '../../lib/request-log/redact';
import { previewLines } from '../../lib/companies/preview-company';
import type { ServiceOrderRecord } from '../../lib/resources/service-order';
import type { LedgerLine } from '../../lib/billing/ledger-line';

describe('what the request log keeps of a body', () => {
  it('redacts secrets and identity data by field name, wherever they are nested', () => {
    const out = redact({
      name: 'Acme',
      ein: '12-3456789',
      shareholders: [{ first_name: 'Ada', date_of_birth: '1990-01-02', passport_number: 'X123', address: { line1: '1 Main St' } }],
      secret: 'whsec_abc',
      webhook: { signing_secret: 'abc', api_key: 'k' },
      metadata: { note: 'keep me' },
    }) as any;
    expect(out).toEqual({
      name: 'Acme',
      ein: REDACTED,
      shareholders: [{ first_name: 'Ada', date_of_birth: REDACTED, passport_number: REDACTED, address: { line1: '1 Main St' } }],
      secret: REDACTED,
      webhook: { signing_secret: REDACTED, api_key: REDACTED },
      metadata: { note: REDACTED },
    });
  });

  it('redacts every metadata value, whatever its key, and fields named with an identity word among others', () => {
    const out = redact({
      metadata: { client_ssn: '123456789', 'Passport No': 'X1234567', note: 'plain words', count: 3 },
      notes: { client_ssn: '1', 'Passport No': '2', clientSSN: '3', classname: 'kept', being: 'kept', reinstated: 'kept' },
    }) as any;
    expect(out.metadata).toEqual({ client_ssn: REDACTED, 'Passport No': REDACTED, note: REDACTED, count: REDACTED });
    expect(out.notes).toEqual({
      client_ssn: REDACTED,
      'Passport No': REDACTED,
      clientSSN: REDACTED,
      classname: 'kept',
      being: 'kept',
      reinstated: 'kept',
    });
  });

  it('redacts what looks like an SSN, EIN, passport or card number wherever it stands in a string', () => {
    const said = (text: string) => redact({ description: text }) as { description: string };
    expect(said('ssn 123-45-6789, or 123 45 6789, or 123456789.').description).toBe(`ssn ${REDACTED}, or ${REDACTED}, or ${REDACTED}.`);
    expect(said('EIN 12-3456789').description).toBe(`EIN ${REDACTED}`);
    expect(said('passport C12345678 issued').description).toBe(`passport ${REDACTED} issued`);
    expect(said('card 4111 1111 1111 1111 exp 12/29').description).toBe(`card ${REDACTED} exp 12/29`);
    expect(said('card 4111-1111-1111-1111').description).toBe(`card ${REDACTED}`);
    expect(said('card 4111111111111111').description).toBe(`card ${REDACTED}`);
    // Not a card (fails Luhn), not an id: kept.
    expect(said('order 4111111111111112 on 2026-11-28T07:30:22Z, call 555-0100').description).toBe(
      'order 4111111111111112 on 2026-11-28T07:30:22Z, call 555-0100',
    );
    expect(said('cmp_3xK9aa1234567890123456').description).toBe('cmp_3xK9aa1234567890123456');
  });

  it('redacts a field whose name is spelled with hyphens as it redacts the underscored name', () => {
    const out = redact({
      'Api-Key': 'zzz',
      'private-key': 'zzz',
      'X-API-KEY': 'zzz',
      'code-verifier': 'zzz',
      owner: { 'tax-id': '12-3456789', 'date-of-birth': '1990-01-02', 'passport-number': 'X123', 'drivers-license-number': 'D1' },
      'first-name': 'Ada',
    });
    expect(out).toEqual({
      'Api-Key': REDACTED,
      'private-key': REDACTED,
      'X-API-KEY': REDACTED,
      'code-verifier': REDACTED,
      owner: { 'tax-id': REDACTED, 'date-of-birth': REDACTED, 'passport-number': REDACTED, 'drivers-license-number': REDACTED },
      'first-name': 'Ada',
    });
    expect(storedBody('{"Api-Key":"zzz","private-key":"zzz"}')).toEqual({ 'Api-Key': REDACTED, 'private-key': REDACTED });
  });

  it('redacts an identity or secret field spelled in camelCase or PascalCase as it redacts the underscored name', () => {
    // Before, "dateOfBirth": "1990-01-01" was kept verbatim in GET /v1/requests/{id}.
    const identity = {
      ssn: '123456789',
      itin: '9',
      tin: '9',
      taxId: '9',
      taxpayerId: '9',
      ein: '9',
      dateOfBirth: '1990-01-01',
      DateOfBirth: '1990-01-01',
      dob: '1990-01-01',
      birthDate: '1990-01-01',
      passportNumber: 'X123',
      documentNumber: 'D1',
      idNumber: 'I1',
      nationalId: 'N1',
      driverLicense: 'L1',
      driversLicense: 'L1',
      driversLicenseNumber: 'L1',
      DriverLicenseNumber: 'L1',
    };
    const secrets = { apiKey: 'k', privateKey: 'k', codeVerifier: 'v', signingSecret: 's', accessToken: 't' };
    const kept = { firstName: 'Ada', lastName: 'Lovelace', birthPlace: 'London', passport: 'file_4fRk2LxQ9cTz7VbN1mWs3D' };
    const all = { ...identity, ...secrets, ...kept };
    const redactedAll = Object.fromEntries(Object.keys({ ...identity, ...secrets }).map((k) => [k, REDACTED]));
    expect(redact({ owner: all })).toEqual({ owner: { ...redactedAll, ...kept } });
    expect(storedBody(JSON.stringify({ shareholders: [{ dateOfBirth: '1990-01-01' }] }))).toEqual({
      shareholders: [{ dateOfBirth: REDACTED }],
    });
  });

  it('redacts an identity number whose name is spelled out as it redacts its abbreviation', () => {
    // Before, "social_security_number": "123456789" was kept verbatim where "ssn" was redacted.
    const spelled = {
      social_security_number: '123456789',
      socialSecurity: '123456789',
      tax_identification_number: '9',
      TaxpayerIdentificationNumber: '9',
      'employer-identification-number': '12-3456789',
      individual_taxpayer_identification_number: '9',
    };
    expect(redact({ answers: spelled })).toEqual({ answers: Object.fromEntries(Object.keys(spelled).map((k) => [k, REDACTED])) });
    expect(redact({ social_media: '@acme', security_contact: 'sec@acme.test' })).toEqual({
      social_media: '@acme',
      security_contact: 'sec@acme.test',
    });
  });

  it('redacts our key and signing-secret shapes, SSNs and the token of a status or verification link inside any string', () => {
    expect(redact('key svc_test_abcDEF123 and whsec_Zm9vYmFy and 123-45-6789')).toBe(`key ${REDACTED} and ${REDACTED} and ${REDACTED}`);
    expect(redact({ url: 'https://x.test/status/abcdefghijklmnopqrstuv?x=1' })).toEqual({ url: `https://x.test/status/${REDACTED}?x=1` });
    expect(redact({ url: 'https://x.test/verify/tok_123' })).toEqual({ url: `https://x.test/verify/${REDACTED}` });
  });

  it('redacts the whole value of a secret-named field, a list or an object too, and a dashboard session token inside any string', () => {
    expect(redact({ password: { value: 'hunter2' }, api_token: ['abc'], ssn: ['123456789'], keep: null })).toEqual({
      password: REDACTED,
      api_token: REDACTED,
      ssn: REDACTED,
      keep: null,
    });
    expect(redact({ note: 'session dss_91mxcbGHIP6MORzHe1fyz5mC3oazKebakRBG9Loy1DX here' })).toEqual({ note: `session ${REDACTED} here` });
  });

  it('keeps a body as parsed JSON, a non-JSON body as text, and cuts either beyond its bound', () => {
    expect(storedBody('{"a":1}')).toEqual({ a: 1 });
    expect(storedBody('not json')).toBe('not json');
    expect(storedBody('')).toBeUndefined();
    const long = storedBody(JSON.stringify({ text: 'x'.repeat(STORED_CHARS * 2) })) as string;
    expect(typeof long).toBe('string');
    expect(long.endsWith('…[cut]')).toBe(true);
    expect(long.length).toBeLessThan(STORED_CHARS + 10);
  });

  it('logs every POST and every answer of 400 or more, never a 429 or an unknown key', () => {
    expect(isLogged('POST', 201, true)).toBe(true);
    expect(isLogged('GET', 200, true)).toBe(false);
    expect(isLogged('GET', 404, true)).toBe(true);
    expect(isLogged('POST', 429, true)).toBe(false);
    expect(isLogged('POST', 401, false)).toBe(false);
  });

  it('records the error code of an error answer and the duration', () => {
    const entry = requestLogEntry({
      requestId: 'req_0000000000000000000000',
      method: 'GET',
      path: '/v1/companies/cmp_0000000000000000000000',
      query: {},
      status: 404,
      responseBody: JSON.stringify({ code: 'resource_missing', request_id: 'req_0000000000000000000000' }),
      apiVersion: '2026-11-01',
      keyId: 'key_0000000000000000000000',
      sourceIp: '127.0.0.1',
      receivedAt: new Date('2026-11-23T10:00:00.000Z'),
      answeredAt: new Date('2026-11-23T10:00:00.042Z'),
    });
    expect(entry).toMatchObject({ code: 'resource_missing', duration_ms: 42, created_at: '2026-11-23T10:00:00.000Z' });
    expect(entry).not.toHaveProperty('request_body');
  });
});

describe('the lines of a preview', () => {
  const order = (o: Partial<ServiceOrderRecord>): ServiceOrderRecord =>
    ({
      id: 'so_1',
      company: 'cmp_1',
      product_key: 'formation',
      interval: 'one_time',
      status: 'received',
      unit_amount: 0,
      currency: 'usd',
      billing: 'advance',
      fees: [],
      ...o,
    }) as ServiceOrderRecord;
  const line = (key: string, amount: number, extra: Partial<LedgerLine> = {}): LedgerLine =>
    ({
      id: 'ln',
      key,
      kind: 'order',
      description: '',
      amount,
      currency: 'usd',
      period: '2026-11',
      billed_at: '',
      livemode: false,
      ...extra,
    }) as LedgerLine;

  it('splits an order line into the product and each priced option, and names each fee by its kind', () => {
    const formation = order({
      id: 'so_f',
      unit_amount: 24900,
      fees: [
        { kind: 'state_fee', unit_amount: 10400, currency: 'usd' },
        { kind: 'processing_fee', unit_amount: 500, currency: 'usd' },
      ],
    });
    const lines = previewLines(
      [formation],
      [
        line('so_f#order', 24900, { options: [{ option: 'turnaround', value: 'expedited', amount: 15000 }] }),
        line('so_f#fee#0', 10400, { kind: 'fee' }),
        line('so_f#fee#1', 500, { kind: 'fee' }),
      ],
    );
    expect(lines.map((l) => [l.kind, l.unit_amount])).toEqual([
      ['product', 9900],
      ['option', 15000],
      ['state_fee', 10400],
      ['processing_fee', 500],
    ]);
  });

  it('shows a bundle inclusion, a quoted product and an arrears product at zero, and a billed line it cannot word still counts', () => {
    const lines = previewLines(
      [
        order({ id: 'so_a', product_key: 'annual_report', included_in: 'compliance_bundle', interval: 'yearly' }),
        order({ id: 'so_t', product_key: 'trademark_registration', status: 'quote_pending' }),
        order({ id: 'so_p', product_key: 'payroll', billing: 'arrears', interval: 'monthly' }),
      ],
      [line('so_x#odd', 123)],
    );
    expect(lines.map((l) => [l.product_key, l.unit_amount, l.included_in])).toEqual([
      ['annual_report', 0, 'compliance_bundle'],
      ['trademark_registration', 0, undefined],
      ['payroll', 0, undefined],
      ['', 123, undefined],
    ]);
  });
});

describe('the variants a reviewer found', () => {
  const text = (s: string) => redact(s) as string;
  it('redacts SSNs with dots and any dash, cards with dots or glued to letters, other countries’ passports and IBANs', () => {
    expect(text('ssn 123.45.6789 here')).toBe(`ssn ${REDACTED} here`);
    expect(text('ssn 123\u201345\u20136789, 123\u201445\u20146789, 123\u221245\u22126789')).toBe(
      `ssn ${REDACTED}, ${REDACTED}, ${REDACTED}`,
    );
    expect(text('card 4111.1111.1111.1111')).toBe(`card ${REDACTED}`);
    expect(text('card4111111111111111x')).toBe(`card${REDACTED}x`);
    expect(text('ref ABC4111111111111111')).toBe(`ref ABC${REDACTED}`);
    // Canada, India, France, Germany, UK (nine digits).
    for (const passport of ['AB123456', 'J8369854', '18AV12345', 'C01X00T47', '925076473'])
      expect(text(`passport ${passport}.`)).toBe(`passport ${REDACTED}.`);
    expect(text('pay to DE89370400440532013000 now')).toBe(`pay to ${REDACTED} now`);
    expect(text('pay to GB29 NWBK 6016 1331 9268 19')).toBe(`pay to ${REDACTED}`);
    // Not every run of letters and digits: a failing IBAN check, an order of words, an id, a date.
    expect(text('DE00370400440532013000 words and co_7Hq2Lr9XvB3kTz5NcW1pYd on 2026-11-01')).toBe(
      'DE00370400440532013000 words and co_7Hq2Lr9XvB3kTz5NcW1pYd on 2026-11-01',
    );
  });

  it('redacts an SSN used as an object key, fields named for a foreign passport, and the idempotency_key', () => {
    expect(redact({ owners: { '123-45-6789': { name: 'Ada' }, '987 65 4321': 'x' } })).toEqual({
      owners: { [REDACTED]: { name: 'Ada' }, [`${REDACTED} 2`]: 'x' },
    });
    expect(redact({ numero_passeport: '12AB3', reisepass_nr: 'x', idempotency_key: 'ssn-123456789', IdempotencyKey: 'a' })).toEqual({
      numero_passeport: REDACTED,
      reisepass_nr: REDACTED,
      idempotency_key: REDACTED,
      IdempotencyKey: REDACTED,
    });
  });

  it('keeps the Idempotency-Key of the entry as redacted text', () => {
    const entry = requestLogEntry({
      requestId: 'req_1',
      method: 'POST',
      path: '/v1/companies',
      query: {},
      status: 201,
      apiVersion: '2026-11-01',
      keyId: 'key_1',
      sourceIp: '203.0.113.1',
      receivedAt: new Date(0),
      answeredAt: new Date(5),
      requestBody: '{}',
      responseBody: '{}',
      idempotencyKey: 'create-123-45-6789',
    } as Parameters<typeof requestLogEntry>[0]);
    expect(entry.idempotency_key).toBe(`create-${REDACTED}`);
  });
});
