import { mockStore } from '../support/aws-mock';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '../../lib/store/dynamodb';
import { verifyOwners } from '../../lib/lifecycle/operations/verify-owners';
import { incorporateCompany } from '../../lib/lifecycle/operations/incorporate-company';
import { ApiError } from '../../lib/errors';
import { companyEntity } from '../../lib/store/entities/company';
import { companyKey } from '../../lib/store/keys';
import type { CompanyRecord } from '../../lib/resources/company';
import { readable } from '../support/expressions';

const ddb = mockStore();
const scope = { partnerId: 'ptr_0000000000000000000001', mode: 'test' as const };
const base: CompanyRecord = {
  id: 'cmp_0000000000000000000001',
  account_id: 'acct_000000000000000000001',
  livemode: false,
  name: 'Acme',
  state: 'WY',
  entity_type: 'llc',
  ending: 'llc',
  timezone: 'America/Denver',
  name_style: 'plain',
  owner_privacy: 'public',
  pre_existing: false,
  status: 'requires_information',
  stage: 'submitted_to_state',
  verification: 'pending',
  foreign_qualifications: [],
  entitlements: {},
  shareholders: [],
  officers: [],
  officers_settled: false,
  metadata: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  name_key: 'acme',
  version: 1,
};

/** A transaction refused because the company item's condition failed: another trigger won the race. */
const lostRace = () =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
  });

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(BatchGetCommand).resolves({ Responses: {} });
});

describe('"once" events under an injected conflict', () => {
  it('a verify that loses the race to another verify re-reads, is refused naming the state, and writes no second company.verified', async () => {
    const winner = {
      ...base,
      status: 'in_progress' as const,
      verification: 'verified' as const,
      verified_at: '2026-01-02T00:00:00.000Z',
      version: 2,
    };
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: companyEntity.item(scope, base) })
      .resolves({ Item: companyEntity.item(scope, winner) });
    ddb.on(TransactWriteCommand).rejects(lostRace());

    const refusal = await verifyOwners(scope, base.id).catch((e) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal.code).toBe('invalid_request');
    expect(refusal.detail).toContain("'verified'");

    const writes = ddb.commandCalls(TransactWriteCommand);
    expect(writes).toHaveLength(1);
    const write = writes[0].args[0].input.TransactItems![0].Update!;
    // The once-guard: the company write requires the version read AND no verified_at yet.
    expect(write.Key).toEqual(companyKey(scope, base.id));
    expect(readable(write.ConditionExpression, write)).toBe(`(version = ${base.version}) AND (attribute_not_exists(verified_at))`);
    const events = writes[0].args[0].input.TransactItems!.filter((i) => i.Put?.Item?.entity === 'event').map((i) => i.Put!.Item!.type);
    expect(events).toEqual(['company.status.changed', 'company.verified']);
  });

  it('an incorporation that met a TransactionConflict is committed once more, pending, with its events once', async () => {
    const verified = {
      ...base,
      status: 'in_progress' as const,
      verification: 'verified' as const,
      verified_at: '2026-01-02T00:00:00.000Z',
      version: 2,
    };
    ddb.on(GetCommand).resolves({ Item: companyEntity.item(scope, verified) });
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }))
      .resolves({});
    // No drain can run against this mock: the writer stops waiting for its events at once.
    const saved = process.env.EVENT_WAIT_MS;
    process.env.EVENT_WAIT_MS = '1';
    try {
      const { company } = await incorporateCompany(scope, base.id, { incorporation_date: '2026-01-03' });
      expect(company).toMatchObject({ status: 'active', stage: 'incorporated', incorporation_date: '2026-01-03' });
    } finally {
      if (saved === undefined) delete process.env.EVENT_WAIT_MS;
      else process.env.EVENT_WAIT_MS = saved;
    }
    const writes = ddb.commandCalls(TransactWriteCommand);
    expect(writes).toHaveLength(2);
    const retried = writes[1].args[0].input.TransactItems!;
    expect(retried[0].Update!.Key).toEqual(companyKey(scope, base.id));
    expect(readable(retried[0].Update!.ConditionExpression, retried[0].Update!)).toBe(
      `(version = ${verified.version}) AND (attribute_not_exists(incorporated_at))`,
    );
    // The retry is the pending path: its events ride along once each, as pending events, no counter.
    expect(retried.filter((i) => i.Put?.Item?.entity === 'event_pending').map((i) => i.Put!.Item!.type)).toEqual([
      'company.status.changed',
      'company.incorporated',
    ]);
    expect(retried.slice(1).filter((i) => i.Update || i.Put?.Item?.entity === 'event')).toEqual([]);
  });
});
