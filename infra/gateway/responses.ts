import { ERROR_CODES, type ErrorCode } from '../../lib/errors';
import { EVERY_ANSWER, UNCACHED } from '../../lib/http/security-headers';

/**
 * What API Gateway answers by itself, before or instead of any function, and the limits that make it
 * do so. PartnerRestApi (infra/aws) turns GATEWAY_RESPONSES into the stage's gateway responses; the
 * embedded gateway (infra/local) answers with the same envelopes (docs/decisions.md, "Hostile input at
 * the edges").
 */

/** API Gateway REST refuses payloads over 10 MB before anything runs. */
export const GATEWAY_PAYLOAD_LIMIT = 10 * 1024 * 1024;

/**
 * A synchronous Lambda invocation carries at most 6 MB: the proxy event as JSON, whose body is
 * base64 for uploads (a third larger). A request whose event is bigger never reaches its function; API
 * Gateway answers 413 (REQUEST_TOO_LARGE) itself.
 */
export const LAMBDA_PAYLOAD_LIMIT = 6 * 1024 * 1024;

export type GatewayResponseType = 'MISSING_AUTHENTICATION_TOKEN' | 'THROTTLED' | 'REQUEST_TOO_LARGE' | 'DEFAULT_4XX' | 'DEFAULT_5XX';

export interface GatewayResponse {
  /** The CDK construct id of the response. */
  id: string;
  type: GatewayResponseType;
  code: ErrorCode;
  detail: string;
}

/** The gateway's own refusals, each in the spec's envelope so a partner parses one error shape. */
export const GATEWAY_RESPONSES: readonly GatewayResponse[] = [
  {
    id: 'MissingPath',
    type: 'MISSING_AUTHENTICATION_TOKEN',
    code: 'resource_missing',
    detail: 'No route matches this path and method. See /v1/openapi.json for every route.',
  },
  { id: 'Throttled', type: 'THROTTLED', code: 'rate_limit', detail: 'The API is busy: retry after a second.' },
  {
    id: 'TooLarge',
    type: 'REQUEST_TOO_LARGE',
    code: 'request_too_large',
    detail:
      'The request is larger than the gateway passes on: at most 10 MB, and at most 6 MB once encoded for the API (uploads grow by a third), so send files of at most 4 MB.',
  },
  { id: 'Default4xx', type: 'DEFAULT_4XX', code: 'invalid_request', detail: 'The gateway refused the request.' },
  { id: 'Default5xx', type: 'DEFAULT_5XX', code: 'api_error', detail: 'An internal error occurred; the request_id traces it.' },
];

/** The headers of every gateway response: JSON, and the security headers every answer carries. */
export const GATEWAY_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  ...EVERY_ANSWER,
  ...UNCACHED,
};

export function gatewayResponse(type: GatewayResponseType): GatewayResponse {
  return GATEWAY_RESPONSES.find((r) => r.type === type)!;
}

/** The HTTP status a gateway response answers with: its code's. */
export function gatewayStatus(response: GatewayResponse): number {
  return ERROR_CODES[response.code].status;
}

/**
 * The envelope of a gateway response, with `requestId` as its `request_id`: the API Gateway request id
 * (`$context.requestId` in the deployed template), since no function ran to mint one of ours.
 */
export function gatewayEnvelope(response: GatewayResponse, docsUrl: string, requestId: string): string {
  const { code, detail } = response;
  return JSON.stringify({
    type: `${docsUrl}/partner/errors#${code}`,
    title: ERROR_CODES[code].title,
    status: ERROR_CODES[code].status,
    code,
    detail,
    request_id: requestId,
  });
}
