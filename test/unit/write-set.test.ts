import { WriteSet } from '../../lib/store/write-set';
import { allOf, attributeExists, equals, itemAbsent, notEquals, renderExpressions } from '../../lib/store/expression';
import { addCompanyWrite, moveOpenRequirements, newCompanyItem } from '../../lib/store/entities/company';
import { companyKey } from '../../lib/store/keys';
import type { CompanyRecord } from '../../lib/resources/company';
import type { Scope } from '../../lib/scope';

/**
 * DynamoDB allows one action per item in a TransactWriteItems: a WriteSet joins a second action on an
 * item into the first, as data (lib/store/write-set.ts, lib/store/expression.ts), so a requirement's
 * move of its company's open count can share a transaction with the company's own check or write.
 * The actions are rendered into expressions only when the transaction is sent (`entries`).
 */
const scope: Scope = { partnerId: 'ptr_1', mode: 'test' };
const key = companyKey(scope, 'cmp_1');
const newSet = () => new WriteSet(scope, 't');

const company = (changes: Partial<CompanyRecord> = {}): CompanyRecord =>
  ({
    id: 'cmp_1',
    account_id: 'acct_1',
    livemode: false,
    name: 'Acme',
    state: 'DE',
    entity_type: 'llc',
    status: 'requires_information',
    verification: 'pending',
    entitlements: {},
    shareholders: [],
    officers: [],
    metadata: {},
    foreign_qualifications: [],
    ending: 'LLC',
    timezone: 'America/New_York',
    name_style: 'plain',
    owner_privacy: 'public',
    pre_existing: false,
    officers_settled: false,
    name_key: 'acme',
    version: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...changes,
  }) as CompanyRecord;

class Refused extends Error {}
class Changed extends Error {}

describe('one action per item in a transaction', () => {
  it('moves a count once, by the sum of the moves', () => {
    const ws = newSet();
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_1', -3);
    expect(ws.actions).toEqual([
      expect.objectContaining({ kind: 'update', key, update: expect.objectContaining({ add: { open_requirements: -1 } }) }),
    ]);
    const update = ws.entries[0].item.Update!;
    expect(update.Key).toEqual(key);
    expect(update.UpdateExpression).toBe('ADD #n0 :v0');
    expect(update.ExpressionAttributeNames).toEqual({ '#n0': 'open_requirements' });
    expect(update.ExpressionAttributeValues).toEqual({ ':v0': -1 });
  });

  it('turns a check of the item into an update holding both conditions, and keeps the check’s refusal', () => {
    const ws = newSet();
    ws.check(key, { condition: notEquals('status', 'dissolved'), onFailed: () => new Refused() });
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    expect(ws.actions).toHaveLength(1);
    expect(ws.actions[0]).toMatchObject({
      kind: 'update',
      key,
      update: { add: { open_requirements: 1 } },
      conditions: [notEquals('status', 'dissolved')],
    });
    const { item, onFailed } = ws.entries[0];
    expect(item.ConditionCheck).toBeUndefined();
    expect(item.Update).toMatchObject({ Key: key, UpdateExpression: 'ADD #n0 :v0', ConditionExpression: '#n1 <> :v1' });
    expect(item.Update!.ExpressionAttributeNames).toEqual({ '#n0': 'open_requirements', '#n1': 'status' });
    expect(item.Update!.ExpressionAttributeValues).toEqual({ ':v0': 1, ':v1': 'dissolved' });
    expect(onFailed!()).toBeInstanceOf(Refused);
  });

  it('holds two checks of the item as one, both conditions ANDed', () => {
    const ws = newSet();
    ws.check(key, { condition: attributeExists('pk') });
    ws.check(key, { condition: notEquals('status', 'dissolved'), onFailed: () => new Refused() });
    expect(ws.entries).toHaveLength(1);
    expect(ws.entries[0].item).toEqual({
      ConditionCheck: {
        TableName: 't',
        Key: key,
        ConditionExpression: '(attribute_exists(#n0)) AND (#n1 <> :v0)',
        ExpressionAttributeNames: { '#n0': 'pk', '#n1': 'status' },
        ExpressionAttributeValues: { ':v0': 'dissolved' },
      },
    });
    expect(ws.entries[0].onFailed!()).toBeInstanceOf(Refused);
  });

  it('a company write after count moves absorbs them: its sets never touch the count, conditions ANDed, each value its own placeholder', () => {
    const ws = newSet();
    moveOpenRequirements(ws, scope, 'cmp_1', -1, { condition: equals('open_requirements', 2), onFailed: () => new Refused() });
    const read = company({ stage: 'name_conflict' });
    addCompanyWrite(ws, scope, read, company({ status: 'dissolved', version: 4 }), {
      condition: equals('version', 3),
      onFailed: () => new Changed(),
    });
    expect(ws.actions).toHaveLength(1);
    const action = ws.actions[0];
    if (action.kind !== 'update') throw new Error(`an update, not a ${action.kind}`);
    expect(action.conditions).toEqual([equals('open_requirements', 2), equals('version', 3)]);
    expect(action.update.add).toEqual({ open_requirements: -1 });
    expect(Object.keys(action.update.set!)).toEqual(expect.arrayContaining(['status', 'version', 'gsi3pk']));
    expect(action.update.set).not.toHaveProperty('open_requirements');
    expect(action.update.set).not.toHaveProperty('pk');
    // The dissolved company leaves the open companies' index, and the stage it no longer has.
    expect([...action.update.remove!].sort()).toEqual(['gsi4pk', 'gsi4sk', 'stage']);
    // Rendered: the two conditions ANDed, each value under a placeholder of its own.
    const update = ws.entries[0].item.Update!;
    const names = update.ExpressionAttributeNames!;
    const values = update.ExpressionAttributeValues!;
    const [, countName, countValue, versionName, versionValue] = /^\((#n\d+) = (:v\d+)\) AND \((#n\d+) = (:v\d+)\)$/.exec(
      update.ConditionExpression!,
    )!;
    expect([names[countName], values[countValue], names[versionName], values[versionValue]]).toEqual([
      'open_requirements',
      2,
      'version',
      3,
    ]);
    // The later action is the company's own write: its refusal (re-read, decide again) is the joined one's.
    expect(ws.entries[0].onFailed!()).toBeInstanceOf(Changed);
  });

  it('a new company’s Put takes the moves of its own transaction into the count it writes', () => {
    const ws = newSet();
    ws.put(newCompanyItem(scope, company()), { condition: itemAbsent() });
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    expect(ws.entries).toHaveLength(1);
    const put = ws.entries[0].item.Put!;
    expect(put.Item).toMatchObject({ ...key, open_requirements: 2, name: 'Acme' });
    expect(put.ConditionExpression).toBe('attribute_not_exists(#n0)');
    expect(put.ExpressionAttributeNames).toEqual({ '#n0': 'pk' });
    expect(put.ExpressionAttributeValues).toBeUndefined();
  });

  it('leaves actions on different items apart', () => {
    const ws = newSet();
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_2', 1);
    ws.check({ ...key, sk: 'OTHER' }, { condition: attributeExists('pk') });
    expect(ws.entries).toHaveLength(3);
  });

  it('refuses to join two writes of one attribute other than adds of numbers, and a Delete', () => {
    const ws = newSet();
    ws.update(key, { set: { status: 'active' } });
    expect(() => ws.update(key, { set: { status: 'dissolved' } })).toThrow(/'status' is written by two actions/);
    const other = newSet();
    other.delete(key);
    expect(() => moveOpenRequirements(other, scope, 'cmp_1', 1)).toThrow(/a delete/);
  });
});

describe('conditions and updates as data, rendered when sent (lib/store/expression.ts)', () => {
  it('renders sets, set-if-absents, adds and removes, every name and value under a placeholder', () => {
    expect(
      renderExpressions({ set: { status: 'paid', 'a-b': 1 }, setIfAbsent: { revoked_at: 'T' }, add: { count: 2 }, remove: ['gsi2pk'] }, [
        allOf(equals('status', 'open'), attributeExists('pk')),
      ]),
    ).toEqual({
      UpdateExpression: 'SET #n0 = :v0, #n1 = :v1, #n2 = if_not_exists(#n2, :v2) ADD #n3 :v3 REMOVE #n4',
      ConditionExpression: '(#n0 = :v4) AND (attribute_exists(#n5))',
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'a-b', '#n2': 'revoked_at', '#n3': 'count', '#n4': 'gsi2pk', '#n5': 'pk' },
      ExpressionAttributeValues: { ':v0': 'paid', ':v1': 1, ':v2': 'T', ':v3': 2, ':v4': 'open' },
    });
  });
});
