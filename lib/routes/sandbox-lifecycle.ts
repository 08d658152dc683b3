import { noBody, noQuery } from '../input';
import { assignEinBody } from '../lifecycle/operations/assign-ein';
import { incorporateBody } from '../lifecycle/operations/incorporate-company';
import { moveStageBody } from '../lifecycle/operations/move-stage';
import { identityUpdateInput } from '../lifecycle/operations/update-identity';
import { companyParams, requirementParams, signerParams } from '../lifecycle/params';
import { publishFileBody } from '../files/publish-file';
import { cancelRequirementBody } from '../requirements/change-requirement';
import { sandboxRequirementBody } from '../requirements/sandbox-requirement-input';
import { companySchema } from '../resources/company';
import { fileSchema } from '../resources/file';
import { requirementSchema } from '../resources/requirement';
import { partner } from './operation';

/** The lifecycle rows of the sandbox table (../shared/API-SURFACE.md): test keys only, idempotent. */
const tag = 'Sandbox';
const sandbox = { scope: 'sandbox:write', testModeOnly: true, idempotent: true, query: noQuery, errors: [404] } as const;
const company200 = { 200: { description: 'The company after the change.', schema: companySchema } };
const requirement200 = { 200: { description: 'The requirement after the change.', schema: requirementSchema } };

/** `POST /v1/sandbox/companies/{companyID}/…`: a fact of the company's formation, answering the company. */
const companyTrigger = <const B extends typeof noBody | typeof moveStageBody | typeof incorporateBody | typeof assignEinBody | typeof identityUpdateInput>(file: string, path: string, operation: string, summary: string, body: B) =>
  partner(`sandbox/${file}`, { method: 'POST', path: `/v1/sandbox/companies/{companyID}/${path}`, operation, ...sandbox, params: companyParams, body, summary, tag, responses: company200 });

/** `POST /v1/sandbox/requirements/{requirementID}/signers/{index}/…`: a signer acts. */
const signerTrigger = (action: string, operation: string, summary: string) =>
  partner(`sandbox/signer-${action}`, { method: 'POST', path: `/v1/sandbox/requirements/{requirementID}/signers/{index}/${action}`, operation, ...sandbox, params: signerParams, body: noBody, summary, tag, responses: requirement200 });

export const sandboxVerifyCompany = companyTrigger('verify-company', 'verify', 'sandboxVerifyCompany', "Every owner's identity document in: company.verified", noBody);
export const sandboxMoveCompanyStage = companyTrigger('move-company-stage', 'stage', 'sandboxMoveCompanyStage', 'Move the stage along the stage machine: company.status.changed', moveStageBody);
export const sandboxIncorporateCompany = companyTrigger('incorporate-company', 'incorporate', 'sandboxIncorporateCompany', 'The state accepted the filing: company.status.changed, company.incorporated', incorporateBody);
export const sandboxCompleteOnboarding = companyTrigger('complete-onboarding', 'complete-onboarding', 'sandboxCompleteOnboarding', 'A pre_existing company finished onboarding: company.onboarding.completed', noBody);
export const sandboxAssignEin = companyTrigger('assign-ein', 'assign-ein', 'sandboxAssignEin', 'The EIN was issued: company.ein.assigned', assignEinBody);
export const sandboxFlagNameConflict = companyTrigger('flag-name-conflict', 'name-conflict', 'sandboxFlagNameConflict', 'The state reports the name taken: stage name_conflict and a name_change requirement', noBody);
export const sandboxUpdateCompanyIdentity = companyTrigger('update-company-identity', 'update', 'sandboxUpdateCompanyIdentity', 'Identity fields changed: company.updated', identityUpdateInput);
export const sandboxDissolveCompany = companyTrigger('dissolve-company', 'dissolve', 'sandboxDissolveCompany', 'Dissolve: requirements closed, renewals stopped, company.dissolved', noBody);

export const sandboxOpenRequirement = partner('sandbox/open-requirement', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/requirements',
  operation: 'sandboxOpenRequirement',
  ...sandbox,
  params: companyParams,
  body: sandboxRequirementBody,
  summary: 'Open a requirement of any type: requirement.created',
  tag,
  responses: { 201: { description: 'The requirement.', schema: requirementSchema } },
});

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

export const sandboxSignerView = signerTrigger('view', 'sandboxSignerView', 'A signer opens the document: requirement.signature.viewed (once per signer)');
export const sandboxSignerSign = signerTrigger('sign', 'sandboxSignerSign', 'A signer signs: requirement.signature.signed; the last → requirement.fulfilled');
export const sandboxSignerDecline = signerTrigger('decline', 'sandboxSignerDecline', 'A signer declines: requirement.canceled');

export const sandboxCancelRequirement = partner('sandbox/cancel-requirement', {
  method: 'POST',
  path: '/v1/sandbox/requirements/{requirementID}/cancel',
  operation: 'sandboxCancelRequirement',
  ...sandbox,
  params: requirementParams,
  body: cancelRequirementBody,
  summary: 'Withdraw an open requirement: requirement.canceled with cancel_reason',
  tag,
  responses: requirement200,
});

export const sandboxLifecycleRoutes = [
  sandboxVerifyCompany,
  sandboxMoveCompanyStage,
  sandboxIncorporateCompany,
  sandboxCompleteOnboarding,
  sandboxAssignEin,
  sandboxFlagNameConflict,
  sandboxUpdateCompanyIdentity,
  sandboxDissolveCompany,
  sandboxOpenRequirement,
  sandboxPublishFile,
  sandboxSignerView,
  sandboxSignerSign,
  sandboxSignerDecline,
  sandboxCancelRequirement,
];
