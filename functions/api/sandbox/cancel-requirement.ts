import * as z from 'zod';
import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { requirementParams } from '../../../lib/lifecycle/params';
import { withdrawRequirement } from '../../../lib/requirements/change-requirement';
import { presentRequirement } from '../../../lib/lifecycle/operations/open-requirement';

/** POST /v1/sandbox/requirements/{requirementID}/cancel: the ask is withdrawn, `cancel_reason` says why. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: requirementParams,
  query: noQuery,
  body: z.strictObject({ reason: z.string().trim().min(1).max(500) }),
  handle: async ({ caller, params, body }) => ({ status: 200, body: presentRequirement(await withdrawRequirement(caller.scope, params.requirementID, body.reason)) }),
});
