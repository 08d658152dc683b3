import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { decryptSecret, encryptSecret, resetEnvelopeCaches } from '../../lib/crypto/envelope';

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
  resetEnvelopeCaches();
});

describe('envelope encryption in the embedded default', () => {
  it('creates a 0600 master key on first use and round-trips a secret', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'envelope-'));
    delete process.env.KMS_KEY_ID;
    const sealed = await encryptSecret('whsec_abc');
    expect(sealed).toMatch(/^loc1\./);
    expect(sealed).not.toContain('whsec_abc');
    expect(await decryptSecret(sealed)).toBe('whsec_abc');
    const file = join(process.env.LOCAL_DIR, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
  });

  it('refuses a tampered ciphertext', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'envelope-'));
    const [format, iv, body] = (await encryptSecret('secret')).split('.');
    const bytes = Buffer.from(body, 'base64');
    bytes[0] ^= 1;
    await expect(decryptSecret([format, iv, bytes.toString('base64')].join('.'))).rejects.toThrow();
  });

  it('refuses to use a key file outside STAGE=local when KMS_KEY_ID is missing', async () => {
    process.env.STAGE = 'prod';
    delete process.env.KMS_KEY_ID;
    await expect(encryptSecret('x')).rejects.toThrow(/KMS_KEY_ID/);
  });
});

describe('envelope encryption under KMS', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('asks KMS for one data key, reuses it, and unwraps it once to decrypt', async () => {
    process.env.STAGE = 'prod';
    process.env.KMS_KEY_ID = 'alias/partner-api';
    const dataKey = randomBytes(32);
    const wrapped = Buffer.from('wrapped-data-key');
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: dataKey, CiphertextBlob: wrapped, KeyId: 'k' });
    kms.on(DecryptCommand).resolves({ Plaintext: dataKey, KeyId: 'k' });

    const a = await encryptSecret('whsec_one');
    const b = await encryptSecret('whsec_two');
    expect(a.split('.')[1]).toBe(wrapped.toString('base64'));
    expect(kms.commandCalls(GenerateDataKeyCommand)).toHaveLength(1);
    expect(kms.commandCalls(GenerateDataKeyCommand)[0].args[0].input).toMatchObject({ KeyId: 'alias/partner-api', KeySpec: 'AES_256' });

    resetEnvelopeCaches(); // a fresh instance: only the wrapped key is known
    kms.on(DecryptCommand).resolves({ Plaintext: dataKey, KeyId: 'k' });
    expect(await decryptSecret(a)).toBe('whsec_one');
    expect(await decryptSecret(b)).toBe('whsec_two');
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
  });

  it('surfaces a KMS failure instead of storing anything unencrypted', async () => {
    process.env.KMS_KEY_ID = 'alias/partner-api';
    kms.on(GenerateDataKeyCommand).rejects(new Error('AccessDeniedException'));
    await expect(encryptSecret('whsec_x')).rejects.toThrow('AccessDeniedException');
  });
});
