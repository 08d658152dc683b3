import type * as Sdk from '@aws-sdk/client-kms';
import { config } from '../config';
import { answerTimeoutMs, roleCredentials } from './credentials';
import { AwsCommand, JsonClient, serviceUrl } from './json-client';

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

/** The answer's byte fields, base64 on the wire. */
const BYTES = ['Plaintext', 'CiphertextBlob', 'CiphertextForRecipient'];
const keysAsBytes = (output: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(output).map(([k, v]) => [k, BYTES.includes(k) && typeof v === 'string' ? new Uint8Array(Buffer.from(v, 'base64')) : v]),
  );
const BYTES_BACK = { input: (input: Record<string, unknown>) => input, output: keysAsBytes };

export class KmsClient extends JsonClient {
  /** `endpoint` moves it (`AWS_ENDPOINT_URL_KMS`, the SDK's own variable: a stand-in in tests). */
  constructor(endpoint = process.env.AWS_ENDPOINT_URL_KMS || undefined) {
    const { region } = config();
    super(
      {
        url: serviceUrl(endpoint, 'kms', region),
        region,
        service: 'kms',
        targetPrefix: 'TrentService',
        contentType: 'application/x-amz-json-1.1',
        credentials: roleCredentials(),
        maxAttempts: 3,
        connectionTimeoutMs: 2000,
        requestTimeoutMs: answerTimeoutMs(false),
      },
      { GenerateDataKey: BYTES_BACK, Decrypt: BYTES_BACK },
    );
  }
}
