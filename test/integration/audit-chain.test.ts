import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { db, tableName } from '../../lib/store/client';
import { newId } from '../../lib/ids';
import { auditEntryKey } from '../../lib/store/keys';
import { itemAbsent } from '../../lib/store/expression';
import { readAuditHead } from '../../lib/store/entities/audit-entry';
import { AUDIT_HEAD_ATTEMPTS, commitAudited, recordAudit, type Actor } from '../../lib/audit/record';
import { chainProblem, entryHash } from '../../lib/audit/chain';
import { CommitContention } from '../../lib/event-log/commit';
import { listAudit, auditQuery } from '../../lib/dashboard/audit';
import { ApiError } from '../../lib/errors';

/**
 * The audit log's recording (lib/audit/record.ts): entries chained by hash per partner, written in the
 * transaction of their change, and the chain's head kept right when two writers race for it (DynamoDB
 * Local runs one transaction at a time, so the race is made by a write slipped in between a writer's
 * read of the head and its transaction, and a TransactionConflict is injected).
 */
useStackDatabase();

const actorOf = (partnerId: string): Actor => ({ partner_id: partnerId, email: 'owner@audit.test', ip: '203.0.113.9' });
const list = (partnerId: string, query: Record<string, string> = {}) => listAudit(partnerId, auditQuery.parse({ limit: '100', ...query }));

describe('the audit chain', () => {
  it('chains each entry to the one before it; the chain verifies, and an edited entry breaks it', async () => {
    const partnerId = newId('partner');
    const actor = actorOf(partnerId);
    await recordAudit(actor, 'session.signed_in', actor.email);
    await recordAudit(actor, 'api_key.created', 'key_1', { livemode: true, details: { after: { name: 'k', scopes: ['*'] } } });
    await recordAudit(actor, 'api_key.revoked', 'key_1', { livemode: true, details: { before: { revoked_at: null } } });
    const { items } = await list(partnerId);
    expect(items.map((e) => e.action)).toEqual(['api_key.revoked', 'api_key.created', 'session.signed_in']);
    expect(items[2].previous_hash).toBeNull();
    expect(items[1].previous_hash).toBe(items[2].hash);
    expect(items[0].previous_hash).toBe(items[1].hash);
    expect(items[1]).toMatchObject({
      actor_kind: 'staff',
      livemode: true,
      details: { after: { name: 'k', scopes: ['*'] } },
      ip: '203.0.113.9',
    });
    for (const e of items) {
      const { object: _o, hash, ...fields } = e;
      expect(entryHash(fields)).toBe(hash);
    }
    expect(chainProblem(items)).toBeNull();
    expect((await readAuditHead(partnerId))?.hash).toBe(items[0].hash);

    // Someone with the table edits an entry's details: its hash no longer matches.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: auditEntryKey(partnerId, items[1].id),
        UpdateExpression: 'SET details = :d',
        ExpressionAttributeValues: { ':d': { after: { name: 'other' } } },
      }),
    );
    expect(chainProblem((await list(partnerId)).items)).toMatch(new RegExp(`^${items[1].id}`));
    // Removing an entry breaks the link across the gap.
    const { object: _o, ...middle } = items[1];
    expect(chainProblem([items[0], items[2]])).toMatch(/previous_hash/);
    expect(middle.hash).toBeTruthy();
  });

  it('writes the entry in the change’s own transaction: a change refused by its condition leaves no entry and the head where it was', async () => {
    const partnerId = newId('partner');
    const actor = actorOf(partnerId);
    await recordAudit(actor, 'session.signed_in', actor.email);
    const head = await readAuditHead(partnerId);
    const taken = { pk: `TEST#${newId('partner')}`, sk: 'X', entity: 'test' };
    const refusal = new ApiError('resource_already_exists', 'taken');
    const change = () =>
      commitAudited({ partnerId, mode: 'live' }, (ws) => {
        ws.put(taken, { condition: itemAbsent(), onFailed: () => refusal });
        return {
          value: 'done',
          acts: [{ actor, action: 'settings.updated', target: 'settings', details: { after: { api_version: 'x' } } }],
        };
      });
    await expect(change()).resolves.toBe('done');
    await expect(change()).rejects.toBe(refusal);
    const { items } = await list(partnerId);
    expect(items.map((e) => e.action)).toEqual(['settings.updated', 'session.signed_in']);
    expect((await readAuditHead(partnerId))?.seq).toBe((head?.seq ?? 0) + 1);
  });

  it('two writers racing for the head: the one that lost builds again on the new head, and both entries stand, chained', async () => {
    const partnerId = newId('partner');
    const actor = actorOf(partnerId);
    await recordAudit(actor, 'session.signed_in', actor.email);
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let builds = 0;
    ddb.on(TransactWriteCommand).callsFake(async () => {
      const mine = ddb.send.lastCall.args[0];
      // The other writer's entry lands between this writer's read of the head and its transaction.
      ddb.restore();
      await recordAudit(actor, 'api_key.revoked', 'key_other');
      return realSend(mine);
    });
    try {
      await commitAudited({ partnerId, mode: 'live' }, () => {
        builds++;
        return { value: undefined, acts: [{ actor, action: 'api_key.created', target: 'key_mine' }] };
      });
    } finally {
      ddb.restore();
    }
    expect(builds).toBe(2);
    const { items } = await list(partnerId);
    expect(items.map((e) => e.target)).toEqual(['key_mine', 'key_other', actor.email]);
    expect(chainProblem(items)).toBeNull();
    expect((await readAuditHead(partnerId))?.seq).toBe(3);
  });

  it('a TransactionConflict (the real service raises them) is retried; a head that keeps moving ends in CommitContention with nothing written', async () => {
    const partnerId = newId('partner');
    const actor = actorOf(partnerId);
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'conflict',
          $metadata: {},
          CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
        }),
      )
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    try {
      await recordAudit(actor, 'session.signed_in', actor.email);
    } finally {
      ddb.restore();
    }
    expect((await list(partnerId)).items).toHaveLength(1);

    // The head's condition fails every time: given up after AUDIT_HEAD_ATTEMPTS builds.
    const moved = () =>
      new TransactionCanceledException({
        message: 'moved',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      });
    const stub = mockStore(client);
    stub.onAnyCommand().callsFake(() => realSend(stub.send.lastCall.args[0]));
    stub.on(TransactWriteCommand).callsFake(() => Promise.reject(moved()));
    let builds = 0;
    try {
      await expect(
        commitAudited({ partnerId, mode: 'live' }, () => {
          builds++;
          return { value: undefined, acts: [{ actor, action: 'api_key.created', target: 'key_x' }] };
        }),
      ).rejects.toBeInstanceOf(CommitContention);
    } finally {
      stub.restore();
    }
    expect(builds).toBe(AUDIT_HEAD_ATTEMPTS);
    expect((await list(partnerId)).items).toHaveLength(1);
  });

  it('never holds a secret', async () => {
    const actor = actorOf(newId('partner'));
    await expect(
      recordAudit(actor, 'api_key.created', 'key_1', { details: { after: { secret: 'svc_live_abc123def456ghi789' } } }),
    ).rejects.toThrow(/secret/);
  });

  it('filters by action, actor, mode and time, and pages newest first', async () => {
    const partnerId = newId('partner');
    const a = actorOf(partnerId);
    const b: Actor = { partner_id: partnerId, email: 'ops@company.test', ip: null, kind: 'operator' };
    await recordAudit(a, 'api_key.created', 'key_live', { livemode: true });
    await recordAudit(a, 'api_key.created', 'key_test', { livemode: false });
    await recordAudit(b, 'webhook_endpoint.disabled', 'we_1', { livemode: true });
    const all = (await list(partnerId)).items;
    expect((await list(partnerId, { action: 'api_key.created' })).items.map((e) => e.target)).toEqual(['key_test', 'key_live']);
    const byOperator = await list(partnerId, { actor_email: 'OPS@company.test' });
    expect(byOperator.items.map((e) => [e.target, e.actor_kind, e.ip])).toEqual([['we_1', 'operator', null]]);
    expect(byOperator.page.total).toBe(1);
    expect((await list(partnerId, { livemode: 'true' })).items.map((e) => e.target)).toEqual(['we_1', 'key_live']);
    expect((await list(partnerId, { 'created_at[lt]': all[0].created_at })).items.map((e) => e.target)).toEqual(['key_test', 'key_live']);
    const first = await list(partnerId, { limit: '2' });
    expect(first.items.map((e) => e.target)).toEqual(['we_1', 'key_test']);
    const second = await list(partnerId, { limit: '2', after: first.page.end_cursor! });
    expect(second.items.map((e) => e.target)).toEqual(['key_live']);
    expect(() => auditQuery.parse({ action: 'nope' })).toThrow();
  });
});
