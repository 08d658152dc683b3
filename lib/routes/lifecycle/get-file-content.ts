import { noQuery } from '../../input/empty';
import { fileParams } from '../../lifecycle/params';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getFileContent = partner('get-file-content', {
  method: 'GET',
  path: '/v1/files/{fileID}/content',
  operation: 'getFileContent',
  scope: 'files:read',
  face: 'raw',
  params: fileParams,
  query: noQuery,
  summary: 'The file’s bytes (in AWS a 302 to a short-lived link)',
  tag,
  responses: {
    200: { description: 'The bytes, with the file’s content type.' },
    302: { description: 'A short-lived link to the bytes.', headers: { Location: 'The link.' } },
  },
  errors: [404],
});
