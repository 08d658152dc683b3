import type { Route } from './route';

const partner = (method: Route['method'], path: string, operation: string, handler: string, extra: Partial<Route> = {}): Route => ({ method, path: `/v1${path}`, operation, handler: `functions/api/${handler}.ts`, audience: 'partner', ...extra });

/** The lifecycle area: requirements, files, owner verification, status links, and its keyless pages. */
export const lifecycleRoutes: Route[] = [
  partner('GET', '/companies/{companyID}/requirements', 'listCompanyRequirements', 'list-company-requirements'),
  partner('GET', '/requirements/{requirementID}', 'getRequirement', 'get-requirement'),
  partner('POST', '/requirements/{requirementID}/fulfill', 'fulfillRequirement', 'fulfill-requirement'),
  partner('POST', '/companies/{companyID}/verification-sessions', 'createVerificationSession', 'create-verification-session'),
  partner('POST', '/files', 'uploadFile', 'upload-file', { maxBodyBytes: 6 * 1024 * 1024 }),
  partner('GET', '/companies/{companyID}/files', 'listCompanyFiles', 'list-company-files'),
  partner('GET', '/files/{fileID}', 'getFile', 'get-file'),
  partner('GET', '/files/{fileID}/content', 'getFileContent', 'get-file-content'),
  partner('POST', '/companies/{companyID}/status-tokens', 'createStatusToken', 'create-status-token'),
  partner('GET', '/companies/{companyID}/status-tokens', 'listStatusTokens', 'list-status-tokens'),
  partner('DELETE', '/companies/{companyID}/status-tokens/{statusTokenID}', 'revokeStatusToken', 'revoke-status-token'),
  { method: 'GET', path: '/status/{token}', operation: 'statusPage', handler: 'functions/pages/status-page.ts', audience: 'public' },
  { method: 'GET', path: '/verify/{session}', operation: 'verifyPage', handler: 'functions/pages/verify-page.ts', audience: 'public' },
  { method: 'POST', path: '/verify/{session}', operation: 'verifySubmit', handler: 'functions/pages/verify-submit.ts', audience: 'public', maxBodyBytes: 6 * 1024 * 1024 },
];
