import { BatchGetCommand, GetCommand, UpdateCommand } from '../../lib/store/dynamodb';
import type { StoreStub } from './aws-mock';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { hashSecret } from '../../lib/auth/api-key';

/**
 * For unit tests of the middy chain of lib/http without a database: the API Gateway event of one POST
 * with an API key, and the DynamoDB answers the chain's authentication and rate limit need.
 */
export function keyedPost(secret: string, body?: string | null, headers: Record<string, string> = {}): APIGatewayProxyEvent {
  return {
    httpMethod: 'POST',
    path: '/v1/things',
    resource: '/v1/things',
    headers: { Authorization: `Bearer ${secret}`, ...headers },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: body ?? null,
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
  };
}

export const lambdaContext = { getRemainingTimeInMillis: () => 10_000 } as Context;

/** The key record behind `secret` (test mode, every scope), its partner, and a passing rate-limit count. */
export function stubKeyAndPartner(ddb: StoreStub, secret: string): void {
  const keyItem = {
    id: 'key_1',
    partner_id: 'ptr_1',
    mode: 'test',
    scopes: ['*'],
    allowed_ips: [],
    rate_limit: { burst: 30, sustained: 120 },
  };
  const keyKey = { pk: `KEY#${hashSecret(secret)}`, sk: 'KEY' };
  ddb.on(GetCommand, { Key: keyKey }).resolves({ Item: { ...keyKey, ...keyItem } });
  ddb
    .on(GetCommand, { Key: { pk: 'PTR#ptr_1', sk: 'PARTNER' } })
    .resolves({ Item: { id: 'ptr_1', api_version: '2026-11-01', webhook_version: '2026-11-01' } });
  ddb.on(UpdateCommand).resolves({ Attributes: { m: 1, s0: 1 } });
  // A test key's sandbox clock, read with every request of the key: never moved (real time). Once the
  // key is seen, the clock and the key are read together, in one BatchGetItem.
  ddb.on(GetCommand, { Key: { pk: 'CLOCK#ptr_1#test', sk: 'CLOCK' } }).resolves({});
  ddb.on(BatchGetCommand).callsFake(async (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
    const [table, { Keys }] = Object.entries(input.RequestItems)[0];
    const known = Keys.some((k) => k.pk === keyKey.pk && k.sk === keyKey.sk) ? [{ ...keyKey, ...keyItem }] : [];
    return { Responses: { [table]: known } };
  });
}
