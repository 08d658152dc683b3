import { request } from 'node:http';
import { GATEWAY_CASES, type GatewayCase } from '../support/gateway-cases';
import { gatewayResponse, gatewayStatus } from '../../infra/gateway/responses';
import { envelopeProblem } from '../../proof/envelope';
import { credentials } from '../support/stack';

/**
 * The embedded side of the gateway case table (test/support/gateway-cases.ts): each row sent over
 * HTTP, byte for byte (a malformed escape or an unusual method goes out as written), to the embedded
 * gateway. test/infra/gateway.test.ts checks the same rows against the synthesized REST API.
 */
const c = credentials();
const origin = new URL(c.base_url);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(row: GatewayCase): Promise<Answer> {
  const body = row.bodyBytes ? Buffer.alloc(row.bodyBytes, 'x') : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: origin.hostname,
        port: origin.port,
        method: row.method,
        path: row.path,
        headers: {
          ...(row.withKey ? { Authorization: `Bearer ${c.test_key}` } : {}),
          ...(body ? { 'Content-Type': row.contentType ?? 'application/json', 'Content-Length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the embedded gateway, on the gateway case table', () => {
  it.each(
    GATEWAY_CASES.map((row) => [`${row.method} ${row.path}${row.bodyBytes ? ` (${row.bodyBytes} bytes)` : ''}: ${row.name}`, row] as const),
  )(
    '%s',
    async (_name, row) => {
      const res = await send(row);
      const json = /application\/json/.test(String(res.headers['content-type'])) ? JSON.parse(res.text) : undefined;
      if (row.answer.by === 'gateway') {
        // The gateway's own answer: its envelope, its request id, and nothing a function adds.
        const response = gatewayResponse(row.answer.response);
        expect({ status: res.status, code: json?.code, detail: json?.detail }).toEqual({
          status: gatewayStatus(response),
          code: response.code,
          detail: response.detail,
        });
        expect(json.request_id).toMatch(/^[0-9a-f-]{36}$/);
        expect([res.headers['request-id'], res.headers['ratelimit-limit']]).toEqual([undefined, undefined]);
      } else {
        // A function answered: ours, with its own request id.
        expect({ status: res.status, code: row.answer.code === undefined ? undefined : json?.code }).toEqual({
          status: row.answer.status,
          code: row.answer.code,
        });
        expect(res.headers['request-id']).toMatch(/^req_/);
      }
      if (res.status >= 400 && json) expect(envelopeProblem(res.status, json, null)).toBeUndefined();
    },
    60_000,
  );
});
