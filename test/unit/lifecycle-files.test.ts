import { mockClient } from 'aws-sdk-client-mock';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Storage } from '../../lib/file-storage/s3-storage';
import { objectKey } from '../../lib/file-storage/file-storage';
import { pageCount, sniffContentType } from '../../lib/files/sniff';
import { checkUpload } from '../../lib/files/check-upload';
import { samplePdf, samplePng } from '../../lib/file-storage/sample-document';

describe('sniffing and policies', () => {
  it('reads the type from magic numbers only', () => {
    expect(sniffContentType(samplePdf('x'))).toBe('application/pdf');
    expect(sniffContentType(samplePng())).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('<html>%PDF-'))).toBeUndefined();
  });

  it('counts PDF page objects, not the page tree', () => {
    expect(pageCount(samplePdf('x'), 'application/pdf')).toBe(1);
    expect(pageCount(samplePng(), 'image/png')).toBe(1);
  });

  it('refuses by purpose with the keyword of the failed rule', () => {
    expect(checkUpload('formation_document', samplePdf('x'))).toEqual({ type: 'application/pdf', pages: 1 });
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as { errors: { validation_type: string }[] }).errors[0].validation_type;
      }
    };
    expect(refused(() => checkUpload('formation_document', samplePng()))).toBe('fileType');
    expect(refused(() => checkUpload('identity_document', Buffer.alloc(0)))).toBe('minSize');
    expect(refused(() => checkUpload('identity_document', Buffer.concat([samplePdf('x'), Buffer.alloc(5 * 1024 * 1024)])))).toBe('maxSize');
  });
});

describe('the S3 store', () => {
  const s3 = mockClient(S3Client);
  beforeEach(() => s3.reset());

  it('writes under the bucket’s lifecycle prefixes with the sniffed type, and reads the bytes back', async () => {
    const store = new S3Storage(
      'files-bucket',
      new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }),
    );
    s3.on(PutObjectCommand).resolves({});
    const key = objectKey('identity_document', 'file_abc', false);
    expect(key).toBe('uploads/identity_document/file_abc');
    expect(objectKey('formation_document', 'file_abc', true)).toBe('published/file_abc');
    await store.put(key, Buffer.from('%PDF-1'), 'application/pdf');
    expect(s3.commandCalls(PutObjectCommand)[0].args[0].input).toMatchObject({
      Bucket: 'files-bucket',
      Key: key,
      ContentType: 'application/pdf',
    });
    s3.on(GetObjectCommand).resolves({ Body: { transformToByteArray: async () => new Uint8Array([37, 80]) } } as never);
    expect((await store.get(key)).toString()).toBe('%P');
  });

  it('links are presigned for the lifetime asked', async () => {
    const store = new S3Storage(
      'files-bucket',
      new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }),
    );
    const link = await store.link('published/file_abc', 900);
    expect(link).toContain('files-bucket');
    expect(link).toContain('X-Amz-Expires=900');
  });
});
