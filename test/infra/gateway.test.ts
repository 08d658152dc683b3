import { GATEWAY_CASES, type GatewayCase } from '../support/gateway-cases';
import { resolveRequest, type GatewayResource } from '../../infra/gateway/resources';
import {
  GATEWAY_PAYLOAD_LIMIT,
  GATEWAY_RESPONSES,
  gatewayStatus,
  LAMBDA_PAYLOAD_LIMIT,
  type GatewayResponseType,
} from '../../infra/gateway/responses';
import { ERROR_CODES } from '../../lib/errors';
import { apiOf, synthStage } from './support/synth';

/**
 * The deployed side of the gateway case table (test/support/gateway-cases.ts): each row resolved
 * against the REST API as synthesized (its resources, methods, binary media types and gateway
 * responses read back from the templates, the parent's and its nested stacks'), with API Gateway's
 * resolution rules and limits (infra/gateway/). test/e2e/local-gateway.test.ts sends the same rows to
 * the embedded gateway.
 */
const synthesized = synthStage();
const { parent, resources } = synthesized;
const template = parent.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const restApi = Object.values(template).find((r) => r.Type === 'AWS::ApiGateway::RestApi')!;
const binaryMediaTypes: string[] = restApi.Properties.BinaryMediaTypes ?? [];
const gatewayResponses = Object.values(template).filter((r) => r.Type === 'AWS::ApiGateway::GatewayResponse');

/** The resource tree of the templates: the name of the function each method invokes, by resource path. */
const deployed: GatewayResource<string>[] = (() => {
  const byPath = new Map<string, GatewayResource<string>>();
  for (const m of apiOf(synthesized).methods) {
    if (!byPath.has(m.path)) byPath.set(m.path, { path: m.path, methods: new Map() });
    byPath.get(m.path)!.methods.set(m.httpMethod, m.target);
  }
  return [...byPath.values()];
})();

type Outcome = { by: 'gateway'; response: GatewayResponseType } | { by: 'fallback' } | { by: 'route'; operation: string };

/** What the deployed API does with a row: answer by itself, or invoke which function. */
function deployedOutcome(c: GatewayCase): Outcome {
  const bodyBytes = c.bodyBytes ?? 0;
  if (bodyBytes > GATEWAY_PAYLOAD_LIMIT) return { by: 'gateway', response: 'REQUEST_TOO_LARGE' };
  const resolved = resolveRequest(deployed, c.method, c.path);
  if (!resolved) return { by: 'gateway', response: 'MISSING_AUTHENTICATION_TOKEN' };
  // The function receives the body in a JSON event, base64-encoded for a binary media type.
  const binary = binaryMediaTypes.some((t) => (c.contentType ?? 'application/json').toLowerCase().startsWith(t));
  if ((binary ? Math.ceil(bodyBytes / 3) * 4 : bodyBytes) > LAMBDA_PAYLOAD_LIMIT) return { by: 'gateway', response: 'REQUEST_TOO_LARGE' };
  const operation = resolved.integration.replace(/^papi-preview-/, '');
  return operation === 'fallback' ? { by: 'fallback' } : { by: 'route', operation };
}

describe('the deployed gateway, on the gateway case table', () => {
  it.each(GATEWAY_CASES.map((c) => [`${c.method} ${c.path}${c.bodyBytes ? ` (${c.bodyBytes} bytes)` : ''}: ${c.name}`, c] as const))(
    '%s',
    (_name, c) => {
      const expected: Outcome =
        c.answer.by === 'gateway'
          ? c.answer
          : c.answer.by === 'route'
            ? { by: 'route', operation: c.answer.operation }
            : { by: 'fallback' };
      expect(deployedOutcome(c)).toEqual(expected);
    },
  );

  it('answers each of its own refusals with the envelope of the shared table, at that code’s status', () => {
    for (const response of GATEWAY_RESPONSES) {
      const deployedResponse = gatewayResponses.find((r) => r.Properties.ResponseType === response.type);
      expect({ type: response.type, status: deployedResponse?.Properties.StatusCode }).toEqual({
        type: response.type,
        status: String(gatewayStatus(response)),
      });
      const body = JSON.stringify(deployedResponse!.Properties.ResponseTemplates['application/json']);
      for (const part of [`#${response.code}`, ERROR_CODES[response.code].title, response.detail, '$context.requestId'])
        expect(body).toContain(JSON.stringify(part).slice(1, -1));
    }
    expect(gatewayResponses).toHaveLength(GATEWAY_RESPONSES.length);
  });

  it('covers every kind of answer: gateway refusals of both kinds, the fallback, routes of the API and of the dashboard', () => {
    const kinds = new Set(GATEWAY_CASES.map((c) => (c.answer.by === 'gateway' ? c.answer.response : c.answer.by)));
    expect([...kinds].sort()).toEqual(['MISSING_AUTHENTICATION_TOKEN', 'REQUEST_TOO_LARGE', 'fallback', 'route']);
    expect(GATEWAY_CASES.some((c) => c.path.startsWith('/dashboard'))).toBe(true);
    expect(resources.some((r) => r.type === 'AWS::ApiGateway::RestApi')).toBe(true);
  });
});
