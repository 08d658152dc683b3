import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiResponse } from './types';

/** An operation's answer as the Lambda proxy result: JSON by default, or HTML text, or bytes; cookies as `Set-Cookie`. */
export function toProxyResult(response: ApiResponse): APIGatewayProxyResult {
  const result = proxyResult(response);
  return response.cookies?.length ? { ...result, multiValueHeaders: { 'Set-Cookie': response.cookies } } : result;
}

function proxyResult(response: ApiResponse): APIGatewayProxyResult {
  if (response.text !== undefined) {
    return {
      statusCode: response.status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...response.headers },
      body: response.text,
    };
  }
  if (response.bytes !== undefined) {
    return {
      statusCode: response.status,
      headers: { ...response.headers },
      body: response.bytes.toString('base64'),
      isBase64Encoded: true,
    };
  }
  const hasBody = response.body !== undefined && response.status !== 304 && response.status !== 204;
  return {
    statusCode: response.status,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...response.headers },
    body: hasBody ? JSON.stringify(response.body) : '',
  };
}
