import { listCompanyRequirements } from './list-company-requirements';
import { getRequirement } from './get-requirement';
import { fulfillRequirement } from './fulfill-requirement';
import { createVerificationSession } from './create-verification-session';
import { uploadFile } from './upload-file';
import { listCompanyFiles } from './list-company-files';
import { getFile } from './get-file';
import { getFileContent } from './get-file-content';
import { createStatusToken } from './create-status-token';
import { listStatusTokens } from './list-status-tokens';
import { revokeStatusToken } from './revoke-status-token';
import { statusPage } from './status-page';
import { verifyPage } from './verify-page';
import { verifySubmit } from './verify-submit';

/** The lifecycle area: requirements, files, owner verification, status links, and its keyless pages. */
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
