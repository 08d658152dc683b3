import type { z } from 'zod';
import { noBody, noQuery } from '../../input/empty';
import { companyParams, signerParams } from '../../lifecycle/params';
import { companySchema } from '../../resources/company';
import { requirementSchema } from '../../resources/requirement';
import { partner } from '../core/operation';

export const tag = 'Sandbox';

export const sandbox = { scope: 'sandbox:write', testModeOnly: true, idempotent: true, query: noQuery, errors: [404] } as const;

export const company200 = { 200: { description: 'The company after the change.', schema: companySchema } };

export const requirement200 = { 200: { description: 'The requirement after the change.', schema: requirementSchema } };

/** `POST /v1/sandbox/companies/{companyID}/…`: a fact of the company's formation, answering the company. */
export const companyTrigger = <const B extends z.ZodType>(file: string, path: string, operation: string, summary: string, body: B) =>
  partner(`sandbox/${file}`, {
    method: 'POST',
    path: `/v1/sandbox/companies/{companyID}/${path}`,
    operation,
    ...sandbox,
    params: companyParams,
    body,
    summary,
    tag,
    responses: company200,
  });

/** `POST /v1/sandbox/requirements/{requirementID}/signers/{index}/…`: a signer acts. */
export const signerTrigger = (action: string, operation: string, summary: string) =>
  partner(`sandbox/signer-${action}`, {
    method: 'POST',
    path: `/v1/sandbox/requirements/{requirementID}/signers/{index}/${action}`,
    operation,
    ...sandbox,
    params: signerParams,
    body: noBody,
    summary,
    tag,
    responses: requirement200,
  });
