import * as z from 'zod';
import { noBody, noQuery } from '../../input';
import { plainList } from '../common-schemas';
import type { OperationSpec } from '../operation';
import { companySchema } from '../../resources/company';
import { requirementSchema } from '../../resources/requirement';
import { fileSchema } from '../../resources/file';
import { deletedStatusTokenSchema, statusTokenSchema, verificationSessionSchema } from '../../resources/lifecycle-objects';
import { companyParams, fileParams, requirementParams, signerParams, statusTokenParams } from '../../lifecycle/params';
import { fulfillBody } from '../../requirements/fulfill-requirement';
import { sandboxRequirementBody } from '../../requirements/sandbox-requirement-input';
import { identityUpdateInput } from '../../lifecycle/operations/update-identity';
import { COMPANY_STAGES } from '../../lifecycle/company-stage';

const tag = 'Lifecycle';
const sandboxTag = 'Sandbox';
const company200 = { 200: { description: 'The company after the change.', schema: companySchema } };
const requirement200 = { 200: { description: 'The requirement after the change.', schema: requirementSchema } };

const uploadAnswer = z
  .strictObject({ object: z.literal('file'), id: z.string(), purpose: fileSchema.shape.purpose, size: z.number().int(), type: z.string(), created_at: z.string() })
  .meta({ id: 'FileUpload', description: 'The answer to an upload: the file’s id, purpose, size and sniffed type.' });

const trigger = (path: string, operationId: string, summary: string, body: z.ZodType = noBody): OperationSpec => ({
  method: 'POST',
  path: `/v1/sandbox/companies/{companyID}/${path}`,
  operationId,
  summary,
  tag: sandboxTag,
  scope: 'sandbox:write',
  params: companyParams,
  query: noQuery,
  body,
  responses: company200,
  errors: [404],
});

const signer = (action: string, operationId: string, summary: string): OperationSpec => ({
  method: 'POST',
  path: `/v1/sandbox/requirements/{requirementID}/signers/{index}/${action}`,
  operationId,
  summary,
  tag: sandboxTag,
  scope: 'sandbox:write',
  params: signerParams,
  query: noQuery,
  body: noBody,
  responses: requirement200,
  errors: [404],
});

export const lifecycleOperations: OperationSpec[] = [
  { method: 'GET', path: '/v1/companies/{companyID}/requirements', operationId: 'listCompanyRequirements', summary: 'Requirements of a company, open and resolved, newest first', tag, scope: 'requirements:read', params: companyParams, query: noQuery, responses: { 200: { description: 'The requirements.', schema: plainList('RequirementList', requirementSchema, 'Requirements of a company.') } }, errors: [404] },
  { method: 'GET', path: '/v1/requirements/{requirementID}', operationId: 'getRequirement', summary: 'One requirement', tag, scope: 'requirements:read', params: requirementParams, query: noQuery, responses: { 200: { description: 'The requirement.', schema: requirementSchema } }, errors: [404] },
  {
    method: 'POST',
    path: '/v1/requirements/{requirementID}/fulfill',
    operationId: 'fulfillRequirement',
    summary: 'Answer an open requirement: `{name}` (name_change), `{answers}` (information, form), `{file}` (document)',
    description: 'A signature requirement is fulfilled only by its signers. An answer to a requirement that is not open is refused.',
    tag,
    scope: 'requirements:write',
    params: requirementParams,
    query: noQuery,
    body: fulfillBody,
    responses: { 200: { description: 'The resolved requirement, with its response.', schema: requirementSchema } },
    errors: [404, 409, 422],
  },
  {
    method: 'POST',
    path: '/v1/companies/{companyID}/verification-sessions',
    operationId: 'createVerificationSession',
    summary: 'A 30-minute hosted page where one owner uploads their identity document',
    tag,
    scope: 'companies:write',
    params: companyParams,
    query: noQuery,
    body: z.strictObject({ shareholder: z.string() }),
    responses: { 201: { description: 'The session and its url.', schema: verificationSessionSchema } },
    errors: [404, 409, 422],
  },
  {
    method: 'POST',
    path: '/v1/files',
    operationId: 'uploadFile',
    summary: 'Upload a document (multipart/form-data: purpose, company, shareholder for identity documents, file)',
    description: 'The body is multipart/form-data, not JSON. The content type is read from the bytes. Identity documents are write-only.',
    tag,
    scope: 'files:write',
    responses: { 201: { description: 'The file.', schema: uploadAnswer } },
    errors: [409, 413, 422],
  },
  { method: 'GET', path: '/v1/companies/{companyID}/files', operationId: 'listCompanyFiles', summary: 'Documents published on a company (read-only)', tag, scope: 'files:read', params: companyParams, query: noQuery, responses: { 200: { description: 'The files.', schema: plainList('FileList', fileSchema, 'Published files of a company.') } }, errors: [404] },
  { method: 'GET', path: '/v1/files/{fileID}', operationId: 'getFile', summary: 'One file’s record (identity documents: 404)', tag, scope: 'files:read', params: fileParams, query: noQuery, responses: { 200: { description: 'The file.', schema: fileSchema } }, errors: [404] },
  { method: 'GET', path: '/v1/files/{fileID}/content', operationId: 'getFileContent', summary: 'The file’s bytes (in AWS a 302 to a short-lived link)', tag, scope: 'files:read', params: fileParams, query: noQuery, responses: { 200: { description: 'The bytes, with the file’s content type.' }, 302: { description: 'A short-lived link to the bytes.', headers: { Location: 'The link.' } } }, errors: [404] },
  { method: 'POST', path: '/v1/companies/{companyID}/status-tokens', operationId: 'createStatusToken', summary: 'Mint a keyless status link', tag, scope: 'companies:write', params: companyParams, query: noQuery, body: noBody, responses: { 201: { description: 'The link.', schema: statusTokenSchema } }, errors: [404, 409, 422] },
  { method: 'GET', path: '/v1/companies/{companyID}/status-tokens', operationId: 'listStatusTokens', summary: 'The company’s status links', tag, scope: 'companies:read', params: companyParams, query: noQuery, responses: { 200: { description: 'The links.', schema: plainList('StatusTokenList', statusTokenSchema, 'Status links of a company.') } }, errors: [404] },
  { method: 'DELETE', path: '/v1/companies/{companyID}/status-tokens/{statusTokenID}', operationId: 'revokeStatusToken', summary: 'Revoke a status link: 404 from the next request on', tag, scope: 'companies:write', params: statusTokenParams, query: noQuery, responses: { 200: { description: 'The revoked link.', schema: deletedStatusTokenSchema } }, errors: [404] },
  trigger('verify', 'sandboxVerifyCompany', "Every owner's identity document in: company.verified"),
  trigger('stage', 'sandboxMoveCompanyStage', 'Move the stage along the stage machine: company.status.changed', z.strictObject({ stage: z.enum(COMPANY_STAGES) })),
  trigger('incorporate', 'sandboxIncorporateCompany', 'The state accepted the filing: company.status.changed, company.incorporated', z.strictObject({ incorporation_date: z.iso.date().optional() })),
  trigger('complete-onboarding', 'sandboxCompleteOnboarding', 'A pre_existing company finished onboarding: company.onboarding.completed'),
  trigger('assign-ein', 'sandboxAssignEin', 'The EIN was issued: company.ein.assigned', z.strictObject({ ein: z.string().optional() })),
  trigger('name-conflict', 'sandboxFlagNameConflict', 'The state reports the name taken: stage name_conflict and a name_change requirement'),
  trigger('update', 'sandboxUpdateCompanyIdentity', 'Identity fields changed: company.updated', identityUpdateInput),
  trigger('dissolve', 'sandboxDissolveCompany', 'Dissolve: requirements closed, renewals stopped, company.dissolved'),
  { ...trigger('requirements', 'sandboxOpenRequirement', 'Open a requirement of any type: requirement.created', sandboxRequirementBody), responses: { 201: { description: 'The requirement.', schema: requirementSchema } } },
  { ...trigger('files', 'sandboxPublishFile', 'Publish a document on the company: file.created', z.strictObject({ title: z.string(), content_type: z.enum(['application/pdf', 'image/png']).optional() })), responses: { 201: { description: 'The file.', schema: fileSchema } } },
  signer('view', 'sandboxSignerView', 'A signer opens the document: requirement.signature.viewed (once per signer)'),
  signer('sign', 'sandboxSignerSign', 'A signer signs: requirement.signature.signed; the last → requirement.fulfilled'),
  signer('decline', 'sandboxSignerDecline', 'A signer declines: requirement.canceled'),
  { method: 'POST', path: '/v1/sandbox/requirements/{requirementID}/cancel', operationId: 'sandboxCancelRequirement', summary: 'Withdraw an open requirement: requirement.canceled with cancel_reason', tag: sandboxTag, scope: 'sandbox:write', params: requirementParams, query: noQuery, body: z.strictObject({ reason: z.string() }), responses: requirement200, errors: [404] },
];
