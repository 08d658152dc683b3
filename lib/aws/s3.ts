import { S3Client } from '@aws-sdk/client-s3';
import { clientConfig, prepared } from './client-config';
import { variable } from '../config/variables';

let client: S3Client | undefined;

/**
 * The process's S3 client (the files bucket: lib/file-storage/s3-storage.ts), made on first use.
 * `AWS_ENDPOINT_URL_S3` (the SDK's own variable) moves it to a stand-in, which is addressed by path
 * (`/<bucket>/<key>`); on AWS the bucket is the host.
 */
export function s3Client(): S3Client {
  client ??= prepared(new S3Client({ ...clientConfig({ maxAttempts: 3 }), forcePathStyle: Boolean(variable('AWS_ENDPOINT_URL_S3')) }));
  return client;
}

/** Closes and forgets the client (tests move its endpoint and credentials). */
export function resetS3Client(): void {
  client?.destroy();
  client = undefined;
}
