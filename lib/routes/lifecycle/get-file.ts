import { noQuery } from '../../input/empty';
import { fileParams } from '../../lifecycle/params';
import { fileSchema } from '../../resources/file';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getFile = partner('get-file', {
  method: 'GET',
  path: '/v1/files/{fileID}',
  operation: 'getFile',
  scope: 'files:read',
  params: fileParams,
  query: noQuery,
  summary: 'One file’s record (identity documents: 404)',
  tag,
  responses: { 200: { description: 'The file.', schema: fileSchema } },
  errors: [404],
});
