import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anAccount, anLlc } from '../support/companies';

/**
 * Keys a caller names that are special on a plain JavaScript object (`__proto__`, `constructor`,
 * `prototype`, inherited method names, paths through them), end to end over HTTP: metadata keeps every
 * one of them verbatim through storage, reads, lists and the event log; anywhere else they are unknown
 * names, refused with the envelope, never a 5xx.
 */
useStackDatabase();

const HOSTILE = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'constructor.prototype',
  '__defineGetter__',
  'valueOf',
];
/** Metadata as JSON text, every hostile name a key, nested ones too, so key order is checked as well. */
const METADATA = `{${HOSTILE.map((k, i) => `"${k}":${i % 2 ? `"${k} value"` : `{"${k}":{"__proto__":{"constructor":${i}}}}`}`).join(',')}}`;
const metadataOf = (text: string) => {
  const at = text.indexOf('"metadata":');
  return text.slice(at + '"metadata":'.length, at + '"metadata":'.length + METADATA.length);
};

describe('prototype-named keys', () => {
  let key: string;
  beforeAll(async () => {
    ({ testKey: key } = await aFreshPartner());
  });

  it('keeps them in account metadata, verbatim, through creation, read, list and the event log', async () => {
    const body = JSON.stringify(anAccount()).replace(/}$/, `,"metadata":${METADATA}}`);
    const created = await api(key).send('POST', '/accounts', body);
    expect(created.status).toBe(201);
    expect(metadataOf(created.text)).toBe(METADATA);
    const read = await api(key).get(`/accounts/${created.body.id}`);
    expect(metadataOf(read.text)).toBe(METADATA);
    const listed = await api(key).get('/accounts?limit=1');
    expect(listed.body.items[0].id).toBe(created.body.id);
    expect(metadataOf(listed.text)).toBe(METADATA);
  });

  it('keeps them in company metadata, verbatim, in the answer, the read, the list and the company.created event', async () => {
    const body = JSON.stringify(anLlc()).replace(/}$/, `,"metadata":${METADATA}}`);
    const created = await api(key).send('POST', '/companies', body);
    expect(created.status).toBe(201);
    expect(metadataOf(created.text)).toBe(METADATA);
    expect(metadataOf((await api(key).get(`/companies/${created.body.id}`)).text)).toBe(METADATA);
    expect(metadataOf((await api(key).get('/companies?limit=1')).text)).toBe(METADATA);
    const events = await api(key).get(`/events?company_id=${created.body.id}&type=company.created`);
    expect(events.body.items).toHaveLength(1);
    expect(metadataOf(events.text)).toBe(METADATA);
  });

  it('refuses them as unknown names everywhere else: body fields, nested fields, options, query parameters', async () => {
    for (const name of HOSTILE) {
      const cases = [
        await api(key).send('POST', '/accounts', JSON.stringify(anAccount()).replace(/}$/, `,"${name}":{"admin":true}}`)),
        await api(key).send('POST', '/companies', JSON.stringify(anLlc()).replace(/"account":\{/, `"account":{"${name}":1,`)),
        await api(key).post(
          '/companies',
          anLlc({ services: ['bookkeeping'], service_options: JSON.parse(`{"${name}":{"tier":"starter"}}`) }),
        ),
        await api(key).post(
          '/companies',
          anLlc({ services: ['bookkeeping'], service_options: JSON.parse(`{"bookkeeping":{"${name}":"starter"}}`) }),
        ),
        await api(key).get(`/companies?${encodeURIComponent(name)}=1`),
        await api(key).get(`/events?${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`),
      ];
      for (const res of cases) {
        expect({ name, status: res.status, code: res.body?.code }).toEqual({ name, status: 400, code: 'invalid_request' });
        expect(res.body.errors.some((e: { location: string }) => e.location.includes(name))).toBe(true);
      }
    }
  });

  it('answers prototype-named headers like any other header', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString']) {
      const res = await api(key, { [name]: 'x' }).get('/me');
      expect([name, res.status]).toEqual([name, 200]);
    }
  });
});
