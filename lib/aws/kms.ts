import type * as Sdk from '@aws-sdk/client-kms';
import { reachOf } from './credentials';
import { AwsCommand, type Conversion, JsonClient } from './json-client';

/**
 * KMS as this codebase calls it: a data key made and unwrapped for envelope encryption
 * (lib/crypto/envelope.ts), over KMS's JSON protocol (AWS JSON 1.1) without the SDK's generated client
 * (docs/decisions.md, "AWS clients of our own"). Keys travel as base64 on the wire and as bytes here,
 * as the SDK hands them over.
 */
export class GenerateDataKeyCommand extends AwsCommand<Sdk.GenerateDataKeyCommandInput, Sdk.GenerateDataKeyCommandOutput> {
  readonly operation = 'GenerateDataKey';
}
export class DecryptCommand extends AwsCommand<Sdk.DecryptCommandInput, Sdk.DecryptCommandOutput> {
  readonly operation = 'Decrypt';
}

/** The fields that hold bytes: base64 on the wire, bytes here. */
const BYTES = new Set(['Plaintext', 'CiphertextBlob', 'CiphertextForRecipient']);
const convertBytes = (record: Record<string, unknown>, convert: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, BYTES.has(k) ? convert(v) : v]));
const KEYS: Conversion = {
  input: (input) =>
    convertBytes(input, (v) => (ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') : v)),
  output: (output) => convertBytes(output, (v) => (typeof v === 'string' ? new Uint8Array(Buffer.from(v, 'base64')) : v)),
};

export class KmsClient extends JsonClient {
  /** `standIn`: a test's stand-in; absent, the region's KMS with the role's credentials. */
  constructor(standIn?: string) {
    super(
      { ...reachOf('kms', standIn), targetPrefix: 'TrentService', contentType: 'application/x-amz-json-1.1', maxAttempts: 3 },
      { GenerateDataKey: KEYS, Decrypt: KEYS },
    );
  }
}
