import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiError } from '../../lib/errors';
import * as cursor from '../../lib/paging/cursor';
import * as links from '../../lib/billing/hosted-link';
import { requireHostedLinkSecret } from '../../lib/signing-keys/hosted-link-keys';
import * as keys from '../../lib/signing-keys/key-set';
import { forgetCursorKeys } from '../../lib/signing-keys/cursor-keys';
import { forgetHostedLinkKeys } from '../../lib/signing-keys/hosted-link-keys';

/**
 * The signing keys as a deployed function reads them: from Secrets Manager through Powertools
 * Parameters, kept KEY_CACHE_SECONDS. Secrets Manager cannot run on this machine, so its answers come
 * from aws-sdk-client-mock; the clock is jest's, moved past the cache.
 */
const CURSOR_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/cursor-signing-key-abc';
const LINK_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/hosted-link-signing-key-abc';
const KEY = (c: string) => c.repeat(64);

describe('signing keys read at run time', () => {
  const saved = { ...process.env };
  const sm = mockClient(SecretsManagerClient);
  const values = new Map<string, unknown>();
  let reads = 0;

  beforeEach(() => {
    forgetCursorKeys();
    forgetHostedLinkKeys();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], now: new Date('2026-12-01T03:00:00Z') });
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      STAGE: 'prod',
      CURSOR_KEY_SECRET: CURSOR_ARN,
      HOSTED_LINK_KEY_SECRET: LINK_ARN,
    });
    sm.reset();
    reads = 0;
    sm.on(GetSecretValueCommand).callsFake((input: { SecretId: string }) => {
      reads++;
      return { SecretString: JSON.stringify(values.get(input.SecretId)) };
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    process.env = { ...saved };
  });

  /** The link module loaded afresh, as a function's cold start loads it. */
  // A deployed function's cold start (lib/config/cold-start.ts, ahead of every bundle).
  const coldStart = () => jest.isolateModules(() => require('../../lib/config/cold-start'));

  it('rotates the cursor key without a redeploy: both keys verify during the rotation, the retired one after the next', async () => {
    const listing = cursor.listingFingerprint({ route: 'r', partner: 'ptr_1' });
    values.set(CURSOR_ARN, { current: KEY('a') });
    const before = await cursor.encodeCursor(listing, 'k1');
    expect(await cursor.decodeCursor(listing, before, 'after')).toBe('k1');
    expect(reads).toBe(1); // the second use read the cache

    // The operator rotates (npm run ops -- rotate-signing-key): new current, the old one kept as previous.
    values.set(CURSOR_ARN, { current: KEY('b'), previous: KEY('a') });
    // Within the cache the function still signs with the old key...
    const within = await cursor.encodeCursor(listing, 'k2');
    expect(within.split('.')[1]).toBe(keys.macOf(KEY('a'), within.split('.')[0], 32));
    jest.advanceTimersByTime(keys.KEY_CACHE_SECONDS * 1000 + 1);
    // ...and after it, with the new one, while a cursor minted before the rotation still works.
    const after = await cursor.encodeCursor(listing, 'k3');
    expect(reads).toBe(2);
    expect(after.split('.')[1]).toBe(keys.macOf(KEY('b'), after.split('.')[0], 32));
    expect(await cursor.decodeCursor(listing, before, 'after')).toBe('k1');
    expect(await cursor.decodeCursor(listing, after, 'after')).toBe('k3');

    // The next rotation retires 'a': a cursor signed with it is refused as not ours.
    values.set(CURSOR_ARN, { current: KEY('c'), previous: KEY('b') });
    jest.advanceTimersByTime(keys.KEY_CACHE_SECONDS * 1000 + 1);
    await expect(cursor.decodeCursor(listing, before, 'after')).rejects.toBeInstanceOf(ApiError);
    expect(await cursor.decodeCursor(listing, after, 'after')).toBe('k3');
  });

  it('signs hosted links with their own secret, never the cursor key', async () => {
    values.set(CURSOR_ARN, { current: KEY('a') });
    values.set(LINK_ARN, { current: KEY('z') });
    const url = await links.hostedInvoiceUrl({ partnerId: 'ptr_1', mode: 'live' }, 'in_1', Date.now());
    const [data, mac] = url.slice(url.lastIndexOf('/') + 1).split('.');
    expect(mac).toBe(keys.macOf(KEY('z'), data));
    expect(await links.readHostedToken(`${data}.${keys.macOf(KEY('a'), data)}`, Date.now())).toBeUndefined();
    expect(await links.readHostedToken(`${data}.${mac}`, Date.now())).toMatchObject({ invoiceId: 'in_1' });
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId)).toEqual([LINK_ARN]);
  });

  it('refuses a secret that holds no usable key', async () => {
    values.set(CURSOR_ARN, { current: 'short' });
    await expect(cursor.encodeCursor('l', 'k')).rejects.toThrow(/holds no usable key/);
  });

  it('refuses to start a function that signs links outside the embedded default without the link secret (no fallback)', () => {
    delete process.env.HOSTED_LINK_KEY_SECRET;
    process.env.CURSOR_SIGNING_KEY = KEY('a');
    expect(coldStart).toThrow(/HOSTED_LINK_KEY_SECRET is not set/);
    // A process that skipped the cold start still never signs with a fixed key.
    expect(() => requireHostedLinkSecret()).toThrow(/HOSTED_LINK_KEY_SECRET is not set/);
    // The embedded default keeps its local key.
    process.env.STAGE = 'local';
    expect(coldStart).not.toThrow();
  });

  it('refuses to sign a cursor outside the embedded default without the cursor secret', async () => {
    delete process.env.CURSOR_KEY_SECRET;
    await expect(cursor.encodeCursor('l', 'k')).rejects.toThrow(/CURSOR_KEY_SECRET is not set/);
  });
});
