import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { kmsClient, resetKmsClient } from '../aws/kms';
import { config } from '../config';
import { machineMs } from '../clock';
import { variable } from '../config/variables';

/**
 * Envelope encryption of the secrets we must be able to read back (webhook signing secrets and
 * ed25519 private keys): AES-256-GCM under a data key.
 *
 * - In AWS (`KMS_KEY_ID` set) the data key comes from KMS GenerateDataKey; its encrypted copy travels
 *   inside every ciphertext (`kms2.<wrapped key>.<iv>.<sealed>`), so any instance can decrypt with one
 *   KMS Decrypt, cached per wrapped key. One data key seals for at most an hour per instance.
 * - In the embedded default a master key file `${LOCAL_DIR}/master.key` (created 0600 on first use)
 *   is the key itself (`loc2.<iv>.<sealed>`). Outside STAGE=local without KMS_KEY_ID we refuse to run
 *   rather than encrypt with a key lying on a disk.
 *
 * Every seal names the record it belongs to (`SealContext`: its kind, partner, mode and id). Those
 * bytes are the AES-GCM additional data of formats `kms2`/`loc2`, so a ciphertext copied onto another
 * record fails to open there. They are not a KMS EncryptionContext: one data key seals a process's
 * secrets for an hour, and a context per record would cost a KMS call per seal and per ciphertext
 * opened; the data key itself never leaves KMS unwrapped but in memory (docs/decisions.md, "Webhook
 * endpoint store"). `kms1`/`loc1`, sealed before contexts, still open (bound to nothing).
 */

const DATA_KEY_LIFETIME_MS = 60 * 60 * 1000;
const IV_BYTES = 12;

interface DataKey {
  plaintext: Buffer;
  /** The KMS-wrapped copy (base64), stored with each ciphertext. */
  wrapped: string;
  createdAt: number;
}

let sealingKey: DataKey | undefined;
const unwrapped = new Map<string, Buffer>();
let masterKey: Buffer | undefined;

/** Forget cached keys and clients (tests switch between KMS and the local file). */
export function resetEnvelopeCaches(): void {
  resetKmsClient();
  sealingKey = undefined;
  unwrapped.clear();
  masterKey = undefined;
}

function kmsKeyId(): string | undefined {
  return variable('KMS_KEY_ID');
}

/** The record a secret is sealed for, e.g. `{record: 'webhook_endpoint', partner_id, mode, endpoint_id, field}`. */
export type SealContext = Readonly<Record<string, string>>;

/** The authenticated data of a seal: its format, then the context's entries sorted by name (one encoding, whatever the key order). */
function additionalData(format: string, context?: SealContext): Buffer {
  if (!context) return Buffer.from(format);
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Buffer.from(JSON.stringify([format, entries]));
}

/** A cache key of a plaintext opened for `context` (a cache by ciphertext alone would open a copied ciphertext). */
export function sealCacheKey(ciphertext: string, context: SealContext): string {
  return additionalData('', context).toString() + ciphertext;
}

export async function encryptSecret(plaintext: string, context: SealContext): Promise<string> {
  const keyId = kmsKeyId();
  if (keyId) {
    const key = await currentDataKey(keyId);
    return `kms2.${key.wrapped}.${seal(key.plaintext, plaintext, additionalData('kms2', context))}`;
  }
  return `loc2.${seal(localMasterKey(), plaintext, additionalData('loc2', context))}`;
}

/** Opens a ciphertext sealed for `context`; one sealed for another record throws. */
export async function decryptSecret(ciphertext: string, context: SealContext): Promise<string> {
  const parts = ciphertext.split('.');
  const [format] = parts;
  // Formats 1 were sealed before contexts: their additional data is the format alone.
  const aad = additionalData(format, format === 'kms1' || format === 'loc1' ? undefined : context);
  if ((format === 'kms2' || format === 'kms1') && parts.length === 4) {
    return open(await unwrapDataKey(parts[1]), parts[2], parts[3], aad);
  }
  if ((format === 'loc2' || format === 'loc1') && parts.length === 3) {
    return open(localMasterKey(), parts[1], parts[2], aad);
  }
  throw new Error('not a ciphertext of lib/crypto/envelope');
}

/** `<iv b64>.<ciphertext+tag b64>`; the format tag and context are authenticated data, so neither can be swapped. */
function seal(key: Buffer, plaintext: string, aad: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}.${body.toString('base64')}`;
}

function open(key: Buffer, ivB64: string, bodyB64: string, aad: Buffer): string {
  const body = Buffer.from(bodyB64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivB64, 'base64'));
  decipher.setAAD(aad);
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
}

async function currentDataKey(keyId: string): Promise<DataKey> {
  if (sealingKey && machineMs() - sealingKey.createdAt < DATA_KEY_LIFETIME_MS) return sealingKey;
  const res = await kmsClient().send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256' }));
  if (!res.Plaintext || !res.CiphertextBlob) throw new Error('KMS GenerateDataKey returned no key');
  const wrapped = Buffer.from(res.CiphertextBlob).toString('base64');
  sealingKey = { plaintext: Buffer.from(res.Plaintext), wrapped, createdAt: machineMs() };
  unwrapped.set(wrapped, sealingKey.plaintext);
  return sealingKey;
}

async function unwrapDataKey(wrapped: string): Promise<Buffer> {
  const cached = unwrapped.get(wrapped);
  if (cached) return cached;
  const res = await kmsClient().send(new DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64'), KeyId: kmsKeyId() }));
  if (!res.Plaintext) throw new Error('KMS Decrypt returned no key');
  const key = Buffer.from(res.Plaintext);
  unwrapped.set(wrapped, key);
  return key;
}

function localMasterKey(): Buffer {
  if (masterKey) return masterKey;
  if (config().stage !== 'local') {
    throw new Error('KMS_KEY_ID is not set: outside the embedded default, secrets are encrypted only under KMS');
  }
  const file = join(resolve(variable('LOCAL_DIR') as string), 'master.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      // `wx`: two processes starting at once never overwrite each other's key.
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  masterKey = key;
  return key;
}
