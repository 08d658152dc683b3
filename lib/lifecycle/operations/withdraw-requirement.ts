import { resourceMissing } from '../../errors';
import type { Scope } from '../../scope';
import { requirementTransition } from '../../requirements/requirement-status';
import { withdrawRequirement as withdrawAlone } from '../../requirements/change-requirement';
import { withdrawOrderForm } from '../../orders/moves/withdraw-form';
import { getRequirement, type RequirementRecord } from '../../store/entities/requirement';

/**
 * The ask is withdrawn (operator CLI `cancel-requirement`; sandbox POST /sandbox/requirements/{id}/cancel):
 * `requirement.canceled` with `cancel_reason`. The form an order waits on takes its order back to
 * `in_progress` in the same transaction (lib/orders/moves/withdraw-form.ts).
 */
export async function withdrawRequirement(scope: Scope, requirementId: string, reason: string): Promise<RequirementRecord> {
  const found = await getRequirement(scope, requirementId);
  if (!found) throw resourceMissing('requirement', requirementId);
  requirementTransition(found, 'withdrawn');
  const withOrder =
    found.type === 'form' && found.service_order ? await withdrawOrderForm(scope, found.service_order, requirementId, reason) : undefined;
  // The requirement as the order's transaction wrote it; read again only if another change closed it first.
  if (withOrder) return withOrder.requirement ?? (await getRequirement(scope, requirementId))!;
  return withdrawAlone(scope, requirementId, reason);
}
