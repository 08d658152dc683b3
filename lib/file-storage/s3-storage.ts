import { s3GetObject, s3PutObject } from '../aws/actions';
import { presignedUrl, sendSigned, serviceOrigin, type AwsService, type SignedCall } from '../aws/signed-request';
import { rfc3986 } from '../aws/sigv4';
import type { FileStorage } from './file-storage';

/**
 * Production's store: one object per file in the files bucket, served through presigned links. Three
 * calls (Put, Get, a presigned Get), signed by AWS's own signer without the generated S3 client
 * (lib/aws/signed-request.ts says why).
 */
export class S3Storage implements FileStorage {
  private readonly service: AwsService;

  constructor(private readonly bucket: string) {
    this.service = { signingName: 's3', endpointId: 'S3', host: (region) => `${bucket}.s3.${region}.amazonaws.com` };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await sendSigned(this.service, {
      action: s3PutObject,
      method: 'PUT',
      path: this.pathOf(key),
      headers: { 'content-type': contentType },
      body: bytes,
    });
  }

  async get(key: string): Promise<Buffer> {
    return (await sendSigned(this.service, { action: s3GetObject, method: 'GET', path: this.pathOf(key) })).body;
  }

  async link(key: string, lifetimeSeconds: number): Promise<string> {
    const call: SignedCall = { action: s3GetObject, method: 'GET', path: this.pathOf(key) };
    return presignedUrl(this.service, call, lifetimeSeconds);
  }

  /** The object's path: virtual-hosted on AWS (the bucket is the host), path-style on a stand-in endpoint. */
  private pathOf(key: string): string {
    const escaped = key
      .split('/')
      .map((segment) => rfc3986(segment))
      .join('/');
    return serviceOrigin(this.service).custom ? `/${rfc3986(this.bucket)}/${escaped}` : `/${escaped}`;
  }
}
