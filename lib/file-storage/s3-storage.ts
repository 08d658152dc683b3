import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../aws/s3';
import type { FileStorage } from './file-storage';

/** Production's store: one object per file in the files bucket, served through presigned links. */
export class S3Storage implements FileStorage {
  constructor(private readonly bucket: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await s3Client().send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer> {
    const res = await s3Client().send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async link(key: string, lifetimeSeconds: number): Promise<string> {
    return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: lifetimeSeconds });
  }
}
