import { awsStandIn, TEST_CREDENTIALS, type StandIn, useAwsCredentials } from '../support/aws-stand-in';
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
  const env = { ...process.env };
  let s3: StandIn;
  beforeAll(async () => {
    s3 = await awsStandIn();
    process.env.AWS_REGION = 'us-east-2';
    process.env.AWS_ENDPOINT_URL_S3 = s3.url;
    useAwsCredentials(TEST_CREDENTIALS);
  });
  afterAll(async () => {
    process.env = { ...env };
    useAwsCredentials(undefined);
    await s3.close();
  });
  beforeEach(() => s3.calls.splice(0));

  it('writes under the bucket’s lifecycle prefixes with the sniffed type, and reads the bytes back, signed for s3', async () => {
    const store = new S3Storage('files-bucket');
    const key = objectKey('identity_document', 'file_abc', false);
    expect(key).toBe('uploads/identity_document/file_abc');
    expect(objectKey('formation_document', 'file_abc', true)).toBe('published/file_abc');
    s3.answer([{ status: 200 }]);
    await store.put(key, Buffer.from('%PDF-1'), 'application/pdf');
    expect(s3.calls[0]).toMatchObject({
      method: 'PUT',
      path: '/files-bucket/uploads/identity_document/file_abc',
      signatureValid: true,
      scope: { region: 'us-east-2', service: 's3' },
    });
    expect(s3.calls[0].headers['content-type']).toBe('application/pdf');
    expect(s3.calls[0].body.toString()).toBe('%PDF-1');
    s3.answer([{ status: 200, body: Buffer.from([37, 80]) }]);
    expect((await store.get(key)).toString()).toBe('%P');
    expect(s3.calls[1]).toMatchObject({ method: 'GET', path: '/files-bucket/uploads/identity_document/file_abc', signatureValid: true });
  });

  it('a missing object is an error naming S3’s code', async () => {
    s3.answer([
      {
        status: 404,
        body: '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      },
    ]);
    await expect(new S3Storage('files-bucket').get('published/nothing')).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    expect(s3.calls).toHaveLength(1);
  });

  it('links are presigned for the lifetime asked, and the link itself is a valid signed GET', async () => {
    const link = await new S3Storage('files-bucket').link('published/file_abc', 900);
    expect(link).toContain('/files-bucket/published/file_abc?');
    expect(link).toContain('X-Amz-Expires=900');
    s3.answer([{ status: 200, body: 'bytes' }]);
    const res = await fetch(link);
    expect(await res.text()).toBe('bytes');
    expect(s3.calls[0]).toMatchObject({ method: 'GET', signatureValid: true, scope: { region: 'us-east-2', service: 's3' } });
    // S3 takes a link's payload as unsigned; the link signs its host only, so any client can follow it.
    expect(s3.calls[0].query.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it('on AWS the bucket is the host (virtual-hosted style)', async () => {
    delete process.env.AWS_ENDPOINT_URL_S3;
    useAwsCredentials(TEST_CREDENTIALS); // the client made again, without the stand-in's endpoint
    try {
      const link = await new S3Storage('files-bucket').link('published/file_abc', 60);
      expect(link.startsWith('https://files-bucket.s3.us-east-2.amazonaws.com/published/file_abc?')).toBe(true);
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = s3.url;
      useAwsCredentials(TEST_CREDENTIALS);
    }
  });
});
