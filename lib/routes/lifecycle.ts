import * as z from 'zod';
import { noBody, noQuery } from '../input';
import { fulfillBody } from '../lifecycle/operations/fulfill-requirement';
import { companyParams, fileParams, requirementParams, statusTokenParams } from '../lifecycle/params';
import { fileSchema } from '../resources/file';
import { companyStatusSchema, deletedStatusTokenSchema, statusTokenSchema, verificationSessionSchema } from '../resources/lifecycle-objects';
import { plainList } from '../resources/lists';
import { requirementSchema } from '../resources/requirement';
import { createVerificationSessionBody } from '../verification-sessions/verification-sessions';
import { keyless, partner } from './operation';

/** The lifecycle area: requirements, files, owner verification, status links, and its keyless pages. */
const tag = 'Lifecycle';

/** An upload's answer: the file's id, purpose, size and sniffed type. */
const uploadAnswer = z
  .strictObject({ object: z.literal('file'), id: z.string(), purpose: fileSchema.shape.purpose, size: z.number().int(), type: z.string(), created_at: z.string() })
  .meta({ id: 'FileUpload', description: 'The answer to an upload: the file’s id, purpose, size and sniffed type.' });

/** Uploads and keyless uploads carry documents: up to 6 MiB (API Gateway's own limit is 10 MB). */
const DOCUMENT_BODY_BYTES = 6 * 1024 * 1024;

export const listCompanyRequirements = partner('list-company-requirements', {
  method: 'GET',
  path: '/v1/companies/{companyID}/requirements',
  operation: 'listCompanyRequirements',
  scope: 'requirements:read',
  params: companyParams,
  query: noQuery,
  summary: 'Requirements of a company, open and resolved, newest first',
  tag,
  responses: { 200: { description: 'The requirements.', schema: plainList('RequirementList', requirementSchema, 'Requirements of a company.') } },
  errors: [404],
});

export const getRequirement = partner('get-requirement', {
  method: 'GET',
  path: '/v1/requirements/{requirementID}',
  operation: 'getRequirement',
  scope: 'requirements:read',
  params: requirementParams,
  query: noQuery,
  summary: 'One requirement',
  tag,
  responses: { 200: { description: 'The requirement.', schema: requirementSchema } },
  errors: [404],
});

export const fulfillRequirement = partner('fulfill-requirement', {
  method: 'POST',
  path: '/v1/requirements/{requirementID}/fulfill',
  operation: 'fulfillRequirement',
  scope: 'requirements:write',
  idempotent: true,
  params: requirementParams,
  query: noQuery,
  body: fulfillBody,
  summary: 'Answer an open requirement: `{name}` (name_change), `{answers}` (information, form), `{file}` (document)',
  description: 'A signature requirement is fulfilled only by its signers. An answer to a requirement that is not open is refused.',
  tag,
  responses: { 200: { description: 'The resolved requirement, with its response.', schema: requirementSchema } },
  errors: [404, 409, 422],
});

export const createVerificationSession = partner('create-verification-session', {
  method: 'POST',
  path: '/v1/companies/{companyID}/verification-sessions',
  operation: 'createVerificationSession',
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: createVerificationSessionBody,
  summary: 'A 30-minute hosted page where one owner uploads their identity document',
  tag,
  responses: { 201: { description: 'The session and its url.', schema: verificationSessionSchema } },
  errors: [404, 409, 422],
});

export const uploadFile = partner('upload-file', {
  method: 'POST',
  path: '/v1/files',
  operation: 'uploadFile',
  scope: 'files:write',
  idempotent: true,
  face: 'raw',
  maxBodyBytes: DOCUMENT_BODY_BYTES,
  query: noQuery,
  summary: 'Upload a document (multipart/form-data: purpose, company, shareholder for identity documents, file)',
  description: 'The body is multipart/form-data, not JSON. The content type is read from the bytes. Identity documents are write-only.',
  tag,
  responses: { 201: { description: 'The file.', schema: uploadAnswer } },
  errors: [409, 413, 422],
});

export const listCompanyFiles = partner('list-company-files', {
  method: 'GET',
  path: '/v1/companies/{companyID}/files',
  operation: 'listCompanyFiles',
  scope: 'files:read',
  params: companyParams,
  query: noQuery,
  summary: 'Documents published on a company (read-only)',
  tag,
  responses: { 200: { description: 'The files.', schema: plainList('FileList', fileSchema, 'Published files of a company.') } },
  errors: [404],
});

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
  responses: { 200: { description: 'The bytes, with the file’s content type.' }, 302: { description: 'A short-lived link to the bytes.', headers: { Location: 'The link.' } } },
  errors: [404],
});

export const createStatusToken = partner('create-status-token', {
  method: 'POST',
  path: '/v1/companies/{companyID}/status-tokens',
  operation: 'createStatusToken',
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: noBody,
  summary: 'Mint a keyless status link',
  tag,
  responses: { 201: { description: 'The link.', schema: statusTokenSchema } },
  errors: [404, 409, 422],
});

export const listStatusTokens = partner('list-status-tokens', {
  method: 'GET',
  path: '/v1/companies/{companyID}/status-tokens',
  operation: 'listStatusTokens',
  scope: 'companies:read',
  params: companyParams,
  query: noQuery,
  summary: 'The company’s status links',
  tag,
  responses: { 200: { description: 'The links.', schema: plainList('StatusTokenList', statusTokenSchema, 'Status links of a company.') } },
  errors: [404],
});

export const revokeStatusToken = partner('revoke-status-token', {
  method: 'DELETE',
  path: '/v1/companies/{companyID}/status-tokens/{statusTokenID}',
  operation: 'revokeStatusToken',
  scope: 'companies:write',
  params: statusTokenParams,
  query: noQuery,
  summary: 'Revoke a status link: 404 from the next request on',
  tag,
  responses: { 200: { description: 'The revoked link.', schema: deletedStatusTokenSchema } },
  errors: [404],
});

export const statusPage = keyless('pages', 'status-page', {
  method: 'GET',
  path: '/status/{token}',
  operation: 'statusPage',
  params: z.strictObject({ token: z.string() }),
  summary: 'The status link: an HTML page, or this JSON with Accept: application/json',
  tag,
  responses: { 200: { description: 'The company’s status in plain words.', schema: companyStatusSchema } },
  errors: [404],
});

export const verifyPage = keyless('pages', 'verify-page', { method: 'GET', path: '/verify/{session}', operation: 'verifyPage' });
export const verifySubmit = keyless('pages', 'verify-submit', { method: 'POST', path: '/verify/{session}', operation: 'verifySubmit', maxBodyBytes: DOCUMENT_BODY_BYTES });

export const lifecycleRoutes = [
  listCompanyRequirements,
  getRequirement,
  fulfillRequirement,
  createVerificationSession,
  uploadFile,
  listCompanyFiles,
  getFile,
  getFileContent,
  createStatusToken,
  listStatusTokens,
  revokeStatusToken,
  statusPage,
  verifyPage,
  verifySubmit,
];
