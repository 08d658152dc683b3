import type { ErrorCode } from '../../lib/errors';
import type { GatewayResponseType } from '../../infra/gateway/responses';

/**
 * THE table of requests at the gateway's edge: what API Gateway answers by itself (a body too large, a
 * method nothing answers) and where it sends what it does not answer (an unknown path, a known path
 * with another method, a malformed path). Two tests read it: test/infra/gateway.test.ts resolves each
 * row against the REST API synthesized by the CDK app, and test/e2e/local-gateway.test.ts sends each
 * row over HTTP to the embedded gateway; both must agree with the row, so the two gateways agree.
 */
export interface GatewayCase {
  name: string;
  method: string;
  /** The request path exactly as sent, percent-encoding (even malformed) included. */
  path: string;
  /** A body of this many bytes. */
  bodyBytes?: number;
  /** Its Content-Type (default application/json). */
  contentType?: string;
  /** Send the stack's test API key. */
  withKey?: boolean;
  /** Who answers, and how (a route row without `code` answers a page, not the JSON envelope). */
  answer:
    | { by: 'gateway'; response: GatewayResponseType }
    | { by: 'fallback'; status: number; code: ErrorCode }
    | { by: 'route'; operation: string; status: number; code?: ErrorCode };
}

const MB = 1024 * 1024;

export const GATEWAY_CASES: GatewayCase[] = [
  // Methods: ANY answers GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS; nothing answers the rest.
  {
    name: 'a method no resource answers, on a known path',
    method: 'PROPFIND',
    path: '/v1/products',
    withKey: true,
    answer: { by: 'gateway', response: 'MISSING_AUTHENTICATION_TOKEN' },
  },
  {
    name: 'TRACE, on an unknown path',
    method: 'TRACE',
    path: '/v1/nothing-here',
    answer: { by: 'gateway', response: 'MISSING_AUTHENTICATION_TOKEN' },
  },
  {
    name: 'another method on a known path',
    method: 'DELETE',
    path: '/v1/products',
    withKey: true,
    answer: { by: 'fallback', status: 405, code: 'method_not_allowed' },
  },
  {
    name: 'OPTIONS on a known path',
    method: 'OPTIONS',
    path: '/v1/companies',
    withKey: true,
    answer: { by: 'fallback', status: 405, code: 'method_not_allowed' },
  },
  {
    name: 'another method on a known path, without a key',
    method: 'PUT',
    path: '/v1/me',
    answer: { by: 'fallback', status: 401, code: 'api_key_invalid' },
  },
  // A resource whose every method needs no key (the OpenAPI document) needs none to learn its methods.
  {
    name: 'another method on a keyless path, without a key',
    method: 'POST',
    path: '/v1/openapi.json',
    answer: { by: 'fallback', status: 405, code: 'method_not_allowed' },
  },
  {
    name: 'another method on a keyless path, with a key',
    method: 'DELETE',
    path: '/v1/openapi.json',
    withKey: true,
    answer: { by: 'fallback', status: 405, code: 'method_not_allowed' },
  },
  // Unknown paths fall back to the most specific {proxy+}: under /v1 the caller authenticates first.
  {
    name: 'an unknown path under /v1',
    method: 'GET',
    path: '/v1/nothing-here',
    withKey: true,
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  {
    name: 'an unknown path under /v1, without a key',
    method: 'GET',
    path: '/v1/nothing-here',
    answer: { by: 'fallback', status: 401, code: 'api_key_invalid' },
  },
  {
    name: 'an unknown path below a known resource',
    method: 'GET',
    path: '/v1/companies/cmp_00000000000000000000AA/nothing/deeper',
    withKey: true,
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  {
    name: 'a known path with a trailing slash',
    method: 'GET',
    path: '/v1/me/',
    withKey: true,
    answer: { by: 'route', operation: 'getMe', status: 200 },
  },
  {
    name: 'an empty segment where a parameter goes',
    method: 'GET',
    path: '/v1/companies//requirements',
    withKey: true,
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  {
    name: 'an unknown path outside /v1',
    method: 'GET',
    path: '/nothing-here',
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  { name: 'the root', method: 'GET', path: '/', answer: { by: 'fallback', status: 404, code: 'resource_missing' } },
  // Malformed percent-encoding: API Gateway neither decodes nor checks it; a segment is a segment.
  {
    name: 'a bad escape (%zz) as a company id',
    method: 'GET',
    path: '/v1/companies/%zz',
    withKey: true,
    answer: { by: 'route', operation: 'getCompany', status: 400, code: 'invalid_request' },
  },
  {
    name: 'a lone % as a company id',
    method: 'GET',
    path: '/v1/companies/%',
    withKey: true,
    answer: { by: 'route', operation: 'getCompany', status: 400, code: 'invalid_request' },
  },
  {
    name: 'a truncated UTF-8 escape (%E2%82) as a company id',
    method: 'GET',
    path: '/v1/companies/%E2%82',
    withKey: true,
    answer: { by: 'route', operation: 'getCompany', status: 400, code: 'invalid_request' },
  },
  {
    name: 'a truncated UTF-8 escape as an opaque invoice id',
    method: 'GET',
    path: '/v1/invoices/%E2%82',
    withKey: true,
    answer: { by: 'route', operation: 'getInvoice', status: 404, code: 'resource_missing' },
  },
  {
    name: 'a bad escape inside a literal segment',
    method: 'GET',
    path: '/v1/compan%zzies',
    withKey: true,
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  {
    name: 'a bad escape as the first segment',
    method: 'GET',
    path: '/%zz',
    answer: { by: 'fallback', status: 404, code: 'resource_missing' },
  },
  {
    name: 'a bad escape in a dashboard path, without a session',
    method: 'GET',
    path: '/dashboard/api/webhook-endpoints/%E2%82',
    answer: { by: 'route', operation: 'dashboardApiGetWebhookEndpoint', status: 401, code: 'api_key_invalid' },
  },
  {
    name: 'a bad escape in a status link',
    method: 'GET',
    path: '/status/%zz%',
    answer: { by: 'route', operation: 'statusPage', status: 404 },
  },
  // Sizes: 10 MB at the gateway, 6 MB for the event a function receives (uploads are base64).
  {
    name: 'a body over 10 MB',
    method: 'POST',
    path: '/v1/accounts',
    bodyBytes: 10 * MB + 1,
    withKey: true,
    answer: { by: 'gateway', response: 'REQUEST_TOO_LARGE' },
  },
  {
    name: 'a body over 10 MB on an unknown path',
    method: 'POST',
    path: '/v1/nothing-here',
    bodyBytes: 10 * MB + 1,
    answer: { by: 'gateway', response: 'REQUEST_TOO_LARGE' },
  },
  {
    name: 'a JSON body over 6 MB',
    method: 'POST',
    path: '/v1/accounts',
    bodyBytes: 6 * MB + 1,
    withKey: true,
    answer: { by: 'gateway', response: 'REQUEST_TOO_LARGE' },
  },
  {
    name: 'an upload whose base64 event is over 6 MB',
    method: 'POST',
    path: '/v1/files',
    bodyBytes: 5 * MB,
    contentType: 'multipart/form-data; boundary=x',
    withKey: true,
    answer: { by: 'gateway', response: 'REQUEST_TOO_LARGE' },
  },
  {
    name: 'a JSON body the gateway passes and the function refuses',
    method: 'POST',
    path: '/v1/accounts',
    bodyBytes: 5 * MB,
    withKey: true,
    answer: { by: 'route', operation: 'createAccount', status: 413, code: 'request_too_large' },
  },
  {
    name: 'a dashboard JSON body over the function’s 64 KiB',
    method: 'POST',
    path: '/dashboard/api/sign-in',
    bodyBytes: 65 * 1024 + 1,
    answer: { by: 'route', operation: 'dashboardApiSignIn', status: 413, code: 'request_too_large' },
  },
];
