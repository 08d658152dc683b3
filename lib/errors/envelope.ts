import { config } from '../config';
import type { ApiError, FieldError } from './api-error';

/** The error body of the spec's Errors part; no other properties. */
export interface ErrorEnvelope {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  request_id?: string;
  errors?: FieldError[];
}

export function errorEnvelope(error: ApiError, requestId: string): ErrorEnvelope {
  const body: ErrorEnvelope = {
    type: `${config().docsUrl}/partner/errors#${error.code}`,
    title: error.title,
    status: error.status,
    code: error.code,
  };
  if (error.detail) body.detail = error.detail;
  body.request_id = requestId;
  if (error.errors?.length) body.errors = error.errors.map(stripUndefined);
  return body;
}

function stripUndefined(entry: FieldError): FieldError {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as FieldError;
}
