import { db } from '../../lib/store/client';
import { useStackDatabase } from '../support/stack';
import { unwrapSends, wrapSends } from '../../lib/aws/send-wrapper';
import { createPartner } from '../../lib/partners/partner';
import { addStaffMember } from '../../lib/dashboard/staff';
import { inviteStaffAs, removeStaffAs, type Acting } from '../../lib/dashboard/staff-changes';
import { uniqueWord } from '../support/companies';
import type { DashboardSession } from '../../lib/dashboard/session';

useStackDatabase();

/**
 * An audited change and its audit entry are written in ONE TransactWriteItems (lib/audit/record.ts
 * `commitAudited`): no change without its entry. Seen as the items of each transaction sent.
 */
let transactions: Record<string, unknown>[][] = [];
beforeAll(() =>
  wrapSends(db(), 'audited-transactions', async (command, next) => {
    if (command.operation === 'TransactWriteItems') {
      const items = (
        command.input.TransactItems as Record<string, { Item?: Record<string, unknown>; Key?: Record<string, unknown> }>[]
      ).map((t) => Object.values(t)[0]);
      transactions.push(items.map((i) => ({ entity: i.Item?.entity, pk: (i.Item ?? i.Key)?.pk, sk: (i.Item ?? i.Key)?.sk })));
    }
    return next();
  }),
);
afterAll(() => unwrapSends(db(), 'audited-transactions'));

/** The transactions that wrote an audit entry and something of `entity`. */
const withEntry = (has: (i: Record<string, unknown>) => boolean) =>
  transactions.filter((t) => t.some((i) => i.entity === 'audit_entry') && t.some(has));

it('writes a staff invitation and a removal each with its audit entry, in one transaction', async () => {
  const partner = await createPartner({ name: `One tx ${uniqueWord(6)}`, ownerEmail: `${uniqueWord(8)}@one-tx.test` });
  const owner = await addStaffMember(partner.id, `${uniqueWord(8)}@one-tx.test`, 'owner');
  const session = {
    id: 'dss_test',
    partner_id: partner.id,
    staff_id: owner.id,
    email: owner.email,
    role: 'owner',
    stepped_up_until: new Date(Date.now() + 600_000).toISOString(),
  } as unknown as DashboardSession;
  const auth: Acting = { session, ip: '127.0.0.1' };

  transactions = [];
  const invited = await inviteStaffAs(auth, { email: `${uniqueWord(8)}@one-tx.test`, role: 'developer' });
  expect(withEntry((i) => i.entity === 'staff_member' && String(i.sk).endsWith(invited.id))).toHaveLength(1);

  transactions = [];
  await removeStaffAs(auth, invited.id);
  expect(withEntry((i) => i.entity === undefined && String(i.sk).endsWith(invited.id))).toHaveLength(1);
});
