import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ApiError, invalidRequest, jsonPath } from '../../errors';
import { header } from './types';
import { keyedBag } from '../../caller-keys';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { bytes: Buffer; filename: string }>;
}

/**
 * Parses a `multipart/form-data` body (API Gateway hands it over base64-encoded) with the platform's
 * own parser (the Fetch API's `Response.formData()`), so no parser of ours reads untrusted bytes.
 */
export async function parseMultipart(event: APIGatewayProxyEvent, maxBytes: number): Promise<MultipartForm> {
  const type = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    throw new ApiError('invalid_request', 'Send the upload as multipart/form-data.', [
      {
        reason: 'is not multipart/form-data',
        location: '$.headers.Content-Type',
        validation_type: 'type',
        how_to_fix: 'Send a multipart/form-data body (curl -F purpose=… -F file=@document.pdf).',
      },
    ]);
  }
  const raw =
    event.body == null ? Buffer.alloc(0) : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.length > maxBytes)
    throw new ApiError('request_too_large', `The body is ${raw.length} bytes; this endpoint accepts at most ${maxBytes}.`);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('invalid_request', 'The multipart body could not be read.', [
      {
        reason: 'malformed multipart body',
        location: '$',
        validation_type: 'type',
        how_to_fix:
          "Send a well-formed multipart/form-data body, such as curl's: curl -F purpose=identity_document -F company=cmp_… -F shareholder=sh_… -F file=@passport.pdf …/v1/files.",
      },
    ]);
  }
  refuseRepeatedParts(form);
  // Part names are the caller's: no prototype behind them (lib/caller-keys.ts).
  const out: MultipartForm = { fields: keyedBag(), files: keyedBag() };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out.fields[name] = value;
    else out.files[name] = { bytes: Buffer.from(await value.arrayBuffer()), filename: value.name };
  }
  return out;
}

/**
 * A part sent twice is refused, as a query parameter given twice is: keeping either silently would
 * file a document on the company or under the purpose the caller did not mean, or drop a second file
 * (one document per upload; docs/decisions.md, "Hostile input at the edges").
 */
function refuseRepeatedParts(form: FormData): void {
  const counts = new Map<string, number>();
  for (const name of form.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1);
  if (!repeated.length) return;
  const errors = repeated.map(([name, n]) => ({
    reason: `is given ${n} times`,
    location: jsonPath([name]),
    validation_type: 'type',
    how_to_fix:
      form.get(name) instanceof File
        ? `Send one ${name} part per upload (curl -F ${name}=@document.pdf), and upload each further document with its own request.`
        : `Send the part ${name} once, such as -F ${name}=${String(form.get(name)).slice(0, 40)}.`,
  }));
  throw invalidRequest('The form is invalid', errors);
}
