import { sandboxVerifyCompany } from './verify-company';
import { sandboxMoveCompanyStage } from './move-company-stage';
import { sandboxIncorporateCompany } from './incorporate-company';
import { sandboxCompleteOnboarding } from './complete-onboarding';
import { sandboxAssignEin } from './assign-ein';
import { sandboxFlagNameConflict } from './flag-name-conflict';
import { sandboxUpdateCompanyIdentity } from './update-company-identity';
import { sandboxDissolveCompany } from './dissolve-company';
import { sandboxOpenRequirement } from './open-requirement';
import { sandboxPublishFile } from './publish-file';
import { sandboxSignerView } from './signer-view';
import { sandboxSignerSign } from './signer-sign';
import { sandboxSignerDecline } from './signer-decline';
import { sandboxCancelRequirement } from './cancel-requirement';

/** The lifecycle rows of the sandbox table (docs/api.md): test keys only, idempotent. */
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
