import type { APIGatewayProxyResultV2, LambdaFunctionURLEvent } from 'aws-lambda';
import { auditEntryOf, type VerifiedCaller } from '../../lib/operator/record-audit-act';

/**
 * The operator audit of a deployed stage (lib/operator/audit-trail.ts): one act per IAM-signed call
 * of this function's URL, written to this function's own log group with the caller AWS verified.
 * Plain `console.log`: the line must be written whatever the log level.
 */
export const handler = async (event: LambdaFunctionURLEvent): Promise<APIGatewayProxyResultV2> => {
  const caller = (event.requestContext as { authorizer?: { iam?: VerifiedCaller } }).authorizer?.iam;
  try {
    const act = auditEntryOf(event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body, caller);
    console.log(JSON.stringify({ operator_audit: true, act }));
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(act) };
  } catch (error) {
    return { statusCode: 400, headers: { 'content-type': 'text/plain' }, body: error instanceof Error ? error.message : String(error) };
  }
};
