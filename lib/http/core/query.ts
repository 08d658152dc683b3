import type { APIGatewayProxyEvent } from 'aws-lambda';
import { keyedBag } from '../../caller-keys';

/**
 * The query string as an object: a parameter given once is a string, a repeated one (or one named
 * with `[]`, like `expand[]`) an array, in the order sent. Names are the caller's, so the object has
 * no prototype: `?__proto__=1` or `?constructor=1` is an unknown parameter like any other.
 */
export function queryOf(event: APIGatewayProxyEvent): Record<string, string | string[]> {
  const out = keyedBag<string | string[]>();
  const multi = event.multiValueQueryStringParameters ?? {};
  const single = event.queryStringParameters ?? {};
  for (const name of new Set([...Object.keys(multi), ...Object.keys(single)])) {
    const values =
      (Object.hasOwn(multi, name) ? multi[name] : undefined) ??
      (Object.hasOwn(single, name) && single[name] != null ? [single[name] as string] : []);
    out[name] = name.endsWith('[]') || values.length > 1 ? values : (values[0] ?? '');
  }
  return out;
}
