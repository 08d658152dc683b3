import type { Route } from './route';

const sandbox = (path: string, operation: string, handler: string): Route => ({
  method: 'POST',
  path: `/v1/sandbox${path}`,
  operation,
  handler: `functions/api/sandbox/${handler}.ts`,
  audience: 'partner',
});

/** The lifecycle rows of the sandbox table (../shared/API-SURFACE.md): test keys only. */
export const sandboxLifecycleRoutes: Route[] = [
  sandbox('/companies/{companyID}/verify', 'sandboxVerifyCompany', 'verify-company'),
  sandbox('/companies/{companyID}/stage', 'sandboxMoveCompanyStage', 'move-company-stage'),
  sandbox('/companies/{companyID}/incorporate', 'sandboxIncorporateCompany', 'incorporate-company'),
  sandbox('/companies/{companyID}/complete-onboarding', 'sandboxCompleteOnboarding', 'complete-onboarding'),
  sandbox('/companies/{companyID}/assign-ein', 'sandboxAssignEin', 'assign-ein'),
  sandbox('/companies/{companyID}/name-conflict', 'sandboxFlagNameConflict', 'flag-name-conflict'),
  sandbox('/companies/{companyID}/update', 'sandboxUpdateCompanyIdentity', 'update-company-identity'),
  sandbox('/companies/{companyID}/dissolve', 'sandboxDissolveCompany', 'dissolve-company'),
  sandbox('/companies/{companyID}/requirements', 'sandboxOpenRequirement', 'open-requirement'),
  sandbox('/companies/{companyID}/files', 'sandboxPublishFile', 'publish-file'),
  sandbox('/requirements/{requirementID}/signers/{index}/view', 'sandboxSignerView', 'signer-view'),
  sandbox('/requirements/{requirementID}/signers/{index}/sign', 'sandboxSignerSign', 'signer-sign'),
  sandbox('/requirements/{requirementID}/signers/{index}/decline', 'sandboxSignerDecline', 'signer-decline'),
  sandbox('/requirements/{requirementID}/cancel', 'sandboxCancelRequirement', 'cancel-requirement'),
];
