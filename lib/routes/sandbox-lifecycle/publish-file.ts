import { publishFileBody } from '../../files/schemas';
import { companyParams } from '../../lifecycle/params';
import { fileSchema } from '../../resources/file';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxPublishFile = partner('sandbox/publish-file', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/files',
  operation: 'sandboxPublishFile',
  ...sandbox,
  params: companyParams,
  body: publishFileBody,
  summary: 'Publish a document on the company: file.created',
  tag,
  responses: { 201: { description: 'The file.', schema: fileSchema } },
});
