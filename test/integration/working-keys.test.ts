import { PutCommand } from '../../lib/store/dynamodb';
import { db, tableName } from '../../lib/store/client';
import { useStackDatabase } from '../support/stack';
import { createPartner } from '../../lib/partners/partner';
import { uniqueWord } from '../support/companies';
import { unwrapSends, wrapSends } from '../../lib/aws/send-wrapper';
import { hashSecret, issueApiKey, mintApiKey } from '../../lib/auth/api-key';
import { revokeApiKey } from '../../lib/store/entities/api-key';
import { apiKeyKey, apiKeysOfPartner } from '../../lib/store/keys';
import { createKey, ENDED_KEYS_LISTED, keyOfPartner, listKeys, revokeKey } from '../../lib/dashboard/api-keys';
import type { Actor } from '../../lib/audit/record';

useStackDatabase();

/**
 * Revoked keys are kept out of every read of working keys: creating a key (its cap counts the working
 * ones), listing them and revoking one read the working keys and at most the newest ENDED_KEYS_LISTED
 * ended ones, however many keys were made and revoked (lib/store/entities/api-key.ts). Counted as the
 * items DynamoDB read for the Queries each act sent.
 */
let scanned: number | undefined;
beforeAll(() =>
  wrapSends(db(), 'working-keys-reads', async (command, next) => {
    const out = (await next()) as { ScannedCount?: number };
    if (scanned !== undefined && command.operation === 'Query') scanned += out.ScannedCount ?? 0;
    return out;
  }),
);
afterAll(() => unwrapSends(db(), 'working-keys-reads'));

async function itemsRead<T>(act: () => Promise<T>): Promise<{ value: T; read: number }> {
  scanned = 0;
  try {
    const value = await act();
    return { value, read: scanned };
  } finally {
    scanned = undefined;
  }
}

const REVOKED = 3 * ENDED_KEYS_LISTED;

/** A partner with no key yet. */
const aPartner = () => createPartner({ name: `Keys ${uniqueWord(6)}`, ownerEmail: `${uniqueWord(8)}@keys.test` });

describe('working keys, read apart from the revoked ones', () => {
  it(`create, list and revoke read only the working keys (and the list the ${ENDED_KEYS_LISTED} newest ended ones), with ${REVOKED} keys revoked`, async () => {
    const partner = await aPartner();
    const actor: Actor = { partner_id: partner.id, email: 'owner@keys.test', ip: '127.0.0.1' };
    for (let i = 0; i < REVOKED; i++) {
      const { secret } = await issueApiKey({ partnerId: partner.id, mode: 'test' });
      await revokeApiKey(hashSecret(secret), partner.id, new Date().toISOString());
    }
    const working = [(await issueApiKey({ partnerId: partner.id, mode: 'test' })).record.id];
    working.push((await issueApiKey({ partnerId: partner.id, mode: 'live' })).record.id);

    const created = await itemsRead(() => createKey(actor, { livemode: false, name: 'one more' }));
    working.push(created.value.id);
    expect(created.read).toBeLessThanOrEqual(working.length);

    const listed = await itemsRead(() => listKeys(partner.id));
    expect(
      listed.value
        .filter((k) => !k.revoked_at)
        .map((k) => k.id)
        .sort(),
    ).toEqual([...working].sort());
    expect(listed.value.filter((k) => k.revoked_at)).toHaveLength(ENDED_KEYS_LISTED);
    expect(listed.read).toBeLessThanOrEqual(working.length + ENDED_KEYS_LISTED);

    const revoked = await itemsRead(() => revokeKey(actor, working[0]));
    expect(revoked.value.revoked_at).not.toBeNull();
    expect(revoked.read).toBeLessThanOrEqual(2);
    // Revoking twice is harmless, and finds the revoked key by its id alone.
    const again = await itemsRead(() => revokeKey(actor, working[0]));
    expect(again.value.revoked_at).toBe(revoked.value.revoked_at);
    expect(again.read).toBeLessThanOrEqual(2);
    // Another partner's key is missing, as ever.
    const other = await aPartner();
    await expect(keyOfPartner(other.id, working[1])).rejects.toMatchObject({ code: 'resource_missing' });
  }, 120_000);

  it('moves a key stored revoked on the working list (before the lists were split) off it at its first read', async () => {
    const partner = await aPartner();
    const actor: Actor = { partner_id: partner.id, email: 'owner@keys.test', ip: '127.0.0.1' };
    const { secretHash, record } = mintApiKey({ partnerId: partner.id, mode: 'test' });
    // As keys were stored before: on the one list of all keys, no index by id, revoked in place.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...apiKeyKey(secretHash),
          entity: 'api_key',
          ...record,
          revoked_at: new Date().toISOString(),
          ...apiKeysOfPartner(partner.id),
          gsi1sk: `${record.created_at}#${record.id}`,
        },
      }),
    );
    const first = await listKeys(partner.id);
    expect(first.map((k) => [k.id, !!k.revoked_at])).toEqual([[record.id, true]]);
    const made = await createKey(actor, { livemode: false });
    const next = await itemsRead(() => listKeys(partner.id));
    expect(next.value.map((k) => k.id)).toEqual([made.id, record.id]);
    // The working list holds the new key alone; the old one is read from the ended list.
    expect(next.read).toBe(2);
    expect((await keyOfPartner(partner.id, record.id)).id).toBe(record.id);
  });

  it('shares one read among the lists asked for at once, and a list asked for after a change sees it', async () => {
    const partner = await aPartner();
    const actor: Actor = { partner_id: partner.id, email: 'owner@keys.test', ip: '127.0.0.1' };
    for (let i = 0; i < 10; i++) await issueApiKey({ partnerId: partner.id, mode: 'test' });
    const one = await itemsRead(() => listKeys(partner.id));
    const burst = await itemsRead(() => Promise.all(Array.from({ length: 50 }, () => listKeys(partner.id))));
    expect(burst.read).toBe(one.read);
    expect(new Set(burst.value.map((l) => JSON.stringify(l))).size).toBe(1);
    // A revocation while a list is being read: a list asked for after it has the key revoked.
    const reading = listKeys(partner.id);
    const revoked = await revokeKey(actor, one.value[0].id);
    const after = await listKeys(partner.id);
    expect(after.find((k) => k.id === revoked.id)?.revoked_at).toBe(revoked.revoked_at);
    await reading;
  });
});
