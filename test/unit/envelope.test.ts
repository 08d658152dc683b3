import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { decryptSecret, encryptSecret, resetEnvelopeCaches } from '../../lib/crypto/envelope';

/** The record a test secret is sealed for. */
const ours = { record: 'webhook_endpoint', partner_id: 'ptr_a', mode: 'live', endpoint_id: 'we_1', field: 'secret' };

/** A ciphertext as the code sealed it before contexts: `<format>.[wrapped.]<iv>.<body>`, the format alone authenticated. */
function legacySeal(key: Buffer, plaintext: string, format: 'loc1' | 'kms1'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(format));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}.${body.toString('base64')}`;
}

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
    const sealed = await encryptSecret('whsec_abc', ours);
    expect(sealed).toMatch(/^loc2\./);
    expect(sealed).not.toContain('whsec_abc');
    expect(await decryptSecret(sealed, ours)).toBe('whsec_abc');
    const file = join(process.env.LOCAL_DIR, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
  });

  it('refuses a tampered ciphertext', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'envelope-'));
    const [format, iv, body] = (await encryptSecret('secret', ours)).split('.');
    const bytes = Buffer.from(body, 'base64');
    bytes[0] ^= 1;
    await expect(decryptSecret([format, iv, bytes.toString('base64')].join('.'), ours)).rejects.toThrow();
  });

  it('refuses a ciphertext opened for another record: partner, mode, endpoint or field', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'envelope-'));
    const sealed = await encryptSecret('whsec_abc', ours);
    for (const other of <Record<string, string>[]>[
      { ...ours, partner_id: 'ptr_b' },
      { ...ours, mode: 'test' },
      { ...ours, endpoint_id: 'we_2' },
      { ...ours, field: 'signing_key' },
      { record: 'status_token', partner_id: 'ptr_a', mode: 'live', company_id: 'co_1', status_token_id: 'we_1' },
    ]) {
      await expect(decryptSecret(sealed, other)).rejects.toThrow();
    }
    // The same record, its names in another order, opens: the context is encoded one way.
    const { field, endpoint_id, ...rest } = ours;
    expect(await decryptSecret(sealed, { field, ...rest, endpoint_id })).toBe('whsec_abc');
  });

  it('still opens a loc1 ciphertext sealed before contexts, for any record', async () => {
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = mkdtempSync(join(tmpdir(), 'envelope-'));
    await encryptSecret('x', ours); // creates the master key
    const key = Buffer.from(readFileSync(join(process.env.LOCAL_DIR, 'master.key'), 'utf8').trim(), 'base64');
    const legacy = `loc1.${legacySeal(key, 'whsec_old', 'loc1')}`;
    expect(await decryptSecret(legacy, ours)).toBe('whsec_old');
  });

  it('refuses to use a key file outside STAGE=local when KMS_KEY_ID is missing', async () => {
    process.env.STAGE = 'prod';
    delete process.env.KMS_KEY_ID;
    await expect(encryptSecret('x', ours)).rejects.toThrow(/KMS_KEY_ID/);
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

    const a = await encryptSecret('whsec_one', ours);
    const b = await encryptSecret('whsec_two', { ...ours, endpoint_id: 'we_2' });
    expect(a).toMatch(/^kms2\./);
    expect(a.split('.')[1]).toBe(wrapped.toString('base64'));
    expect(kms.commandCalls(GenerateDataKeyCommand)).toHaveLength(1);
    expect(kms.commandCalls(GenerateDataKeyCommand)[0].args[0].input).toMatchObject({ KeyId: 'alias/partner-api', KeySpec: 'AES_256' });

    resetEnvelopeCaches(); // a fresh instance: only the wrapped key is known
    kms.on(DecryptCommand).resolves({ Plaintext: dataKey, KeyId: 'k' });
    expect(await decryptSecret(a, ours)).toBe('whsec_one');
    expect(await decryptSecret(b, { ...ours, endpoint_id: 'we_2' })).toBe('whsec_two');
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    // Under KMS too the record is authenticated: b's ciphertext does not open as a's.
    await expect(decryptSecret(b, ours)).rejects.toThrow();
    // And a kms1 ciphertext, sealed before contexts, still opens.
    expect(await decryptSecret(`kms1.${wrapped.toString('base64')}.${legacySeal(dataKey, 'whsec_old', 'kms1')}`, ours)).toBe('whsec_old');
  });

  it('surfaces a KMS failure instead of storing anything unencrypted', async () => {
    process.env.KMS_KEY_ID = 'alias/partner-api';
    kms.on(GenerateDataKeyCommand).rejects(new Error('AccessDeniedException'));
    await expect(encryptSecret('whsec_x', ours)).rejects.toThrow('AccessDeniedException');
  });
});
