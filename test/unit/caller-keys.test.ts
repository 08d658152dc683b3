import * as z from 'zod';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { keyedBag, ownValue } from '../../lib/caller-keys';
import { callerKeyedRecord } from '../../lib/resources/caller-keyed-record';
import { metadataInput } from '../../lib/input/fields';
import { parseOrRefuse } from '../../lib/errors';
import { queryOf } from '../../lib/http/core/query';
import { parseForm } from '../../lib/http/dashboard/body';
import { cookiesOf } from '../../lib/http/dashboard/cookies';
import { parseMultipart } from '../../lib/http/core/multipart';
import { nestsDeeperThan } from '../../lib/http/middleware/json-body';
import { metadataOfItem, storedMetadata } from '../../lib/store/metadata-attribute';
import { optionViolations } from '../../lib/orders/order-options';
import { PRODUCTS } from '../../lib/catalog/products';

/** The names that are special on a plain object, and a path through them. */
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'constructor.prototype'];
/** Metadata as a partner may send it: every hostile name as a key, at the top and nested. */
const HOSTILE_METADATA = `{${HOSTILE.map((k, i) => `"${k}":${i % 2 ? `"v${i}"` : `{"${k}":{"__proto__":${i}}}`}`).join(',')}}`;

const eventWith = (fields: Partial<APIGatewayProxyEvent>) => ({ headers: {}, multiValueHeaders: {}, ...fields }) as APIGatewayProxyEvent;

describe('caller text as object keys', () => {
  it('keeps every key of metadata verbatim, in order, nested ones included', () => {
    const sent = JSON.parse(HOSTILE_METADATA);
    const parsed = parseOrRefuse(z.strictObject({ metadata: metadataInput }), { metadata: sent }, 'body').metadata;
    expect(JSON.stringify(parsed)).toBe(HOSTILE_METADATA);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)[0]).toBeUndefined();
  });

  it('validates a `__proto__` metadata key like any other: its value, and the key itself', () => {
    const refused = (metadata: string, schema: z.ZodType = metadataInput) => {
      try {
        parseOrRefuse(z.strictObject({ metadata: schema }), JSON.parse(`{"metadata":${metadata}}`), 'body');
        return undefined;
      } catch (error) {
        return (error as { errors: { location: string; validation_type: string }[] }).errors.map((e) => [e.location, e.validation_type]);
      }
    };
    expect(refused(`{"__proto__":"${'x'.repeat(600)}"}`)).toEqual([['$.metadata.__proto__', 'maxLength']]);
    expect(refused(`{"__proto__":[[[[[[1]]]]]]}`)).toEqual([['$.metadata.__proto__', 'maxDepth']]);
    expect(refused(`{"__proto__":1}`, callerKeyedRecord(z.string().regex(/^[a-z]+$/), z.number()))).toEqual([
      ['$.metadata.__proto__', 'propertyNames'],
    ]);
    expect(refused(`{"__proto__":"one"}`, callerKeyedRecord(z.string(), z.number()))).toEqual([['$.metadata.__proto__', 'type']]);
  });

  it('documents a caller-keyed record exactly as zod documents its record', () => {
    const value = z.union([z.string(), z.number()]);
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(callerKeyedRecord(z.string().min(1).max(40), value).optional(), { io })).toEqual(
        z.toJSONSchema(z.record(z.string().min(1).max(40), value).optional(), { io }),
      );
    }
  });

  it('finds no inherited member where a caller names a catalog entry', () => {
    const table = { a: 1 };
    expect(HOSTILE.map((k) => ownValue(table, k))).toEqual(HOSTILE.map(() => undefined));
    const product = PRODUCTS.find((p) => Object.keys(p.options).length)!;
    for (const key of ['constructor', 'toString', '__proto__']) {
      expect(optionViolations(product, JSON.parse(`{"${key}":"x"}`))).toEqual([
        expect.objectContaining({ location: `$.options.${key}`, validation_type: 'additionalProperties' }),
      ]);
    }
  });

  it('gathers query parameters, form fields, cookies and multipart parts under the names sent, none special', async () => {
    const bag = keyedBag<number>();
    // biome-ignore lint/suspicious/noProto: a key named __proto__ on a null-prototype bag, on purpose
    bag.__proto__ = 1;
    expect(Object.keys(bag)).toEqual(['__proto__']);

    const query = queryOf(
      eventWith(
        JSON.parse(
          '{"queryStringParameters":{"__proto__":"a","constructor":"b"},"multiValueQueryStringParameters":{"__proto__":["a","c"],"constructor":["b"]}}',
        ),
      ),
    );
    expect(Object.entries(query)).toEqual([
      ['__proto__', ['a', 'c']],
      ['constructor', 'b'],
    ]);
    expect(Object.getPrototypeOf(query)).toBeNull();

    const form = parseForm('__proto__=1&__proto__=2&constructor=3&csrf_token=t');
    expect(Object.entries(form)).toEqual([
      ['__proto__', ['1', '2']],
      ['constructor', '3'],
      ['csrf_token', 't'],
    ]);

    const cookies = cookiesOf(eventWith({ headers: { Cookie: '__proto__=x; dash_session=%zz; other=a%20b' } }));
    expect(Object.entries(cookies)).toEqual([
      ['__proto__', 'x'],
      ['dash_session', '%zz'],
      ['other', 'a b'],
    ]);

    const body = [
      '--x',
      'Content-Disposition: form-data; name="__proto__"',
      '',
      'p',
      '--x',
      'Content-Disposition: form-data; name="constructor"; filename="c.pdf"',
      'Content-Type: application/pdf',
      '',
      'c',
      '--x--',
      '',
    ].join('\r\n');
    const multipart = await parseMultipart(
      eventWith({ headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body, isBase64Encoded: false }),
      1024,
    );
    expect(Object.entries(multipart.fields)).toEqual([['__proto__', 'p']]);
    expect(Object.keys(multipart.files)).toEqual(['constructor']);
  });

  it('measures JSON nesting in one pass over the text, brackets inside strings not counted', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":1}}', 2)).toBe(false);
    expect(nestsDeeperThan('{"a":"[[[[{{{{","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });

  it('stores metadata as JSON text: util-dynamodb would lose `__proto__` and refuse `constructor`', () => {
    const metadata = JSON.parse(HOSTILE_METADATA) as Record<string, unknown>;
    // Why not a map: the document client's marshalling does not keep these keys.
    expect(() => marshall({ metadata }, { convertTopLevelContainer: true })).toThrow();
    expect(Object.keys(unmarshall({ m: { M: { __proto__: { S: 'x' } } } } as never).m as object)).toEqual([]);
    // As stored: the item survives marshalling both ways and gives the metadata back verbatim.
    const item = unmarshall(marshall({ id: 'x', ...storedMetadata(metadata) }));
    expect(JSON.stringify(metadataOfItem(item))).toBe(HOSTILE_METADATA);
    // Items written before, with a map, are still read.
    expect(metadataOfItem({ metadata: { a: 1 } })).toEqual({ a: 1 });
  });
});
