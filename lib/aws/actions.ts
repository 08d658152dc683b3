/**
 * The AWS actions called through `sendSigned`/`presignedUrl` rather than a generated client's command,
 * each under the name IAM grants it by. The stack reads a function's rights from its code
 * (infra/aws/access/analyse-code.ts): a command class names its action, and so does each of these
 * constants, which survive in a bundle only where a call still uses them.
 */
export interface AwsAction {
  service: 'ses' | 's3';
  action: string;
}

export const sesSendEmail: AwsAction = { service: 'ses', action: 'SendEmail' };
export const s3PutObject: AwsAction = { service: 's3', action: 'PutObject' };
/** Also what a presigned link to an object needs of the role that signs it. */
export const s3GetObject: AwsAction = { service: 's3', action: 'GetObject' };
