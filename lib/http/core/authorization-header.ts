import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ApiError } from '../../errors';

/**
 * The request's one `Authorization` header. Sent twice (two keys, or a key and a session), the event's
 * `headers` keeps only the last, as API Gateway's does: a client that meant its test key could be
 * served with its live one. Authorization is not a list header (RFC 9110 §11.6.2), so two of them are
 * refused `api_key_invalid`: which credential to use would be a guess (docs/decisions.md, "Hostile
 * input at the edges").
 */
export function soleAuthorization(event: APIGatewayProxyEvent): string | undefined {
  const values = Object.entries(event.multiValueHeaders ?? {})
    .filter(([name]) => name.toLowerCase() === 'authorization')
    .flatMap(([, v]) => v ?? []);
  if (values.length > 1) {
    throw new ApiError(
      'api_key_invalid',
      `The request carries ${values.length} Authorization headers. Send exactly one: \`Authorization: Bearer <one key or session token>\`.`,
    );
  }
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (name.toLowerCase() === 'authorization' && value != null) return value;
  return undefined;
}
