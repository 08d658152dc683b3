import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The query string as an object: a parameter given once is a string, a repeated one (or one named
 * with `[]`, like `expand[]`) an array, in the order sent.
 */
export function queryOf(event: APIGatewayProxyEvent): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const multi = event.multiValueQueryStringParameters ?? {};
  const single = event.queryStringParameters ?? {};
  for (const name of new Set([...Object.keys(multi), ...Object.keys(single)])) {
    const values = multi[name] ?? (single[name] != null ? [single[name] as string] : []);
    out[name] = name.endsWith('[]') || values.length > 1 ? values : values[0] ?? '';
  }
  return out;
}
