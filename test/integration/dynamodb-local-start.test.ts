import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';

/**
 * A free port is free only until someone binds it. Under parallel test runs another server (a webhook
 * receiver) took DynamoDB Local's port before Java bound it, answered ListTables with `{}`, and the
 * runtime used it as its database. Start-up must tell the two apart.
 */
describe('starting DynamoDB Local (the embedded default)', () => {
  let impostor: Server;
  beforeAll(async () => {
    impostor = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.end('{}');
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => impostor.close(resolve)));

  it('refuses a port another server holds, naming it, instead of taking that server for DynamoDB', async () => {
    const { port } = impostor.address() as AddressInfo;
    await expect(startDynamoDbLocal({ port })).rejects.toThrow(`DynamoDB Local could not bind port ${port}`);
  }, 120_000);

  it('on a port of its own choosing, answers as DynamoDB', async () => {
    const local = await startDynamoDbLocal({});
    try {
      const res = await fetch(local.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.ListTables',
          Authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        body: '{}',
      });
      expect(((await res.json()) as { TableNames?: unknown }).TableNames).toEqual(expect.any(Array));
    } finally {
      await local.stop();
    }
  }, 120_000);
});
