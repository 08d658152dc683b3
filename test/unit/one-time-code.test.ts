import { createHash, createHmac } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { codeMatches, hashOneTimeCode } from '../../lib/crypto/one-time-code';
import { forgetOneTimeCodeKeys } from '../../lib/signing-keys/one-time-code-keys';

/**
 * The stored hashes of one-time codes: a table dump alone must not give a code back (ten digits are
 * only 10^10 candidates), so the hash is an HMAC under a server key, salted per code.
 */
const code = '4829137056';
const presented = { purpose: 'sign-in', subject: 'owner@demo-partner.test', code };
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  forgetOneTimeCodeKeys();
});

describe('one-time code hashes in the embedded default', () => {
  beforeEach(() => {
    process.env.STAGE = 'local';
    delete process.env.ONE_TIME_CODE_KEY_SECRET;
  });

  it('are keyed and salted: what is stored is no digest a dump could try codes against, and each code has its own salt', async () => {
    const stored = await hashOneTimeCode(presented.purpose, presented.subject, code);
    const [format, salt, mac] = stored.split('.');
    expect(format).toBe('k1');
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    // What a dump holds is neither the bare digest of the code nor a MAC under no key or the salt alone.
    const unkeyed = [
      createHash('sha256').update(`sign-in\n${presented.subject}\n${code}`).digest('hex'),
      createHash('sha256').update(`one-time code\n${salt}\nsign-in\n${presented.subject}\n${code}`).digest('base64url'),
      createHmac('sha256', '').update(`one-time code\n${salt}\nsign-in\n${presented.subject}\n${code}`).digest('base64url'),
      createHmac('sha256', salt).update(`sign-in\n${presented.subject}\n${code}`).digest('base64url'),
    ];
    expect(unkeyed).not.toContain(stored);
    expect(unkeyed).not.toContain(mac);
    // The same code twice: two salts, two hashes (a guess tried against one is not tried against both).
    expect(await hashOneTimeCode(presented.purpose, presented.subject, code)).not.toBe(stored);
  });

  it('match only the code, purpose and subject they were made for', async () => {
    const stored = await hashOneTimeCode(presented.purpose, presented.subject, code);
    expect(await codeMatches(stored, presented)).toBe(true);
    expect(await codeMatches(stored, { ...presented, code: '4829137057' })).toBe(false);
    expect(await codeMatches(stored, { ...presented, purpose: 'step-up' })).toBe(false);
    expect(await codeMatches(stored, { ...presented, subject: 'other@demo-partner.test' })).toBe(false);
  });

  it('never match what is not a keyed hash: a stranger\'s "none", or a bare SHA-256 of the earlier format', async () => {
    const legacy = createHash('sha256').update(`sign-in\n${presented.subject}\n${code}`).digest('hex');
    expect(await codeMatches(legacy, presented)).toBe(false);
    expect(await codeMatches('none', presented)).toBe(false);
    expect(await codeMatches('k1..', presented)).toBe(false);
  });

  it('depend on the key: a hash made under another key does not match', async () => {
    process.env.ONE_TIME_CODE_SIGNING_KEY = 'x'.repeat(64);
    const stored = await hashOneTimeCode(presented.purpose, presented.subject, code);
    process.env.ONE_TIME_CODE_SIGNING_KEY = 'y'.repeat(64);
    expect(await codeMatches(stored, presented)).toBe(false);
  });
});

describe('one-time code hashes on a deployed stage', () => {
  const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/one-time-code-key-abc';
  const sm = mockClient(SecretsManagerClient);
  let value: unknown;
  beforeEach(() => {
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      STAGE: 'prod',
      ONE_TIME_CODE_KEY_SECRET: ARN,
    });
    sm.reset();
    sm.on(GetSecretValueCommand, { SecretId: ARN }).callsFake(() => ({ SecretString: JSON.stringify(value) }));
  });

  it('use the stage secret, and a pending code still matches after a rotation (the previous key checks)', async () => {
    value = { current: 'a'.repeat(64) };
    const stored = await hashOneTimeCode(presented.purpose, presented.subject, code);
    forgetOneTimeCodeKeys();
    value = { current: 'b'.repeat(64), previous: 'a'.repeat(64) };
    expect(await codeMatches(stored, presented)).toBe(true);
    forgetOneTimeCodeKeys();
    value = { current: 'c'.repeat(64), previous: 'b'.repeat(64) };
    expect(await codeMatches(stored, presented)).toBe(false);
  });

  it('refuse to hash outside the embedded default without the secret (no fixed key)', async () => {
    delete process.env.ONE_TIME_CODE_KEY_SECRET;
    await expect(hashOneTimeCode(presented.purpose, presented.subject, code)).rejects.toThrow(/ONE_TIME_CODE_KEY_SECRET/);
  });
});
