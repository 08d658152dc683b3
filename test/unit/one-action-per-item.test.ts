import { WriteSet } from '../../lib/store/write-set';
import { addCompanyWrite, moveOpenRequirements, newCompanyItem } from '../../lib/store/entities/company';
import { companyKey } from '../../lib/store/keys';
import type { CompanyRecord } from '../../lib/resources/company';
import type { Scope } from '../../lib/scope';

/**
 * DynamoDB allows one action per item in a TransactWriteItems: a WriteSet joins a second action on an
 * item into the first (lib/store/one-action-per-item.ts), so a requirement's move of its company's
 * open count can share a transaction with the company's own check or write.
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
    expect(ws.entries).toHaveLength(1);
    const update = ws.entries[0].item.Update!;
    expect(update.Key).toEqual(key);
    expect(update.UpdateExpression).toMatch(/^ADD #open :\w+$/);
    const value = update.UpdateExpression!.split(' ')[2];
    expect(update.ExpressionAttributeValues).toEqual({ [value]: -1 });
    expect(update.ExpressionAttributeNames).toEqual({ '#open': 'open_requirements' });
  });

  it('turns a check of the item into an update holding both conditions, and keeps the check’s refusal', () => {
    const ws = newSet();
    ws.check(key, {
      expression: '#status <> :dissolved',
      names: { '#status': 'status' },
      values: { ':dissolved': 'dissolved' },
      onFailed: () => new Refused(),
    });
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    expect(ws.entries).toHaveLength(1);
    const { item, onFailed } = ws.entries[0];
    expect(item.ConditionCheck).toBeUndefined();
    expect(item.Update).toMatchObject({ Key: key, UpdateExpression: 'ADD #open :delta', ConditionExpression: '#status <> :dissolved' });
    expect(item.Update!.ExpressionAttributeValues).toEqual({ ':dissolved': 'dissolved', ':delta': 1 });
    expect(onFailed!()).toBeInstanceOf(Refused);
  });

  it('holds two checks of the item as one, both conditions ANDed', () => {
    const ws = newSet();
    ws.check(key, { expression: 'attribute_exists(pk)' });
    ws.check(key, { expression: '#s <> :d', names: { '#s': 'status' }, values: { ':d': 'dissolved' }, onFailed: () => new Refused() });
    expect(ws.entries).toHaveLength(1);
    expect(ws.entries[0].item).toEqual({
      ConditionCheck: {
        TableName: 't',
        Key: key,
        ConditionExpression: '(attribute_exists(pk)) AND (#s <> :d)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'dissolved' },
      },
    });
    expect(ws.entries[0].onFailed!()).toBeInstanceOf(Refused);
  });

  it('a company write after count moves absorbs them: its SETs never touch the count, conditions ANDed, clashing placeholders renamed', () => {
    const ws = newSet();
    moveOpenRequirements(ws, scope, 'cmp_1', -1, {
      expression: '#open = :v',
      names: { '#open': 'open_requirements' },
      values: { ':v': 2 },
      onFailed: () => new Refused(),
    });
    const read = company({ stage: 'name_conflict' });
    addCompanyWrite(ws, scope, read, company({ status: 'dissolved', version: 4 }), {
      expression: '#v = :v',
      names: { '#v': 'version' },
      values: { ':v': 3 },
      onFailed: () => new Changed(),
    });
    expect(ws.entries).toHaveLength(1);
    const { item, onFailed } = ws.entries[0];
    const update = item.Update!;
    const names = update.ExpressionAttributeNames!;
    const values = update.ExpressionAttributeValues!;
    // One placeholder per meaning: the version's `:v` was renamed away from the count's.
    expect(update.ConditionExpression).toMatch(/^\(#open = :v\) AND \(#v = (:v_1)\)$/);
    expect(values[':v']).toBe(2);
    expect(values[':v_1']).toBe(3);
    expect(update.UpdateExpression).toMatch(/ REMOVE #c\d+(, #c\d+)* ADD #open :delta$/);
    const set = update.UpdateExpression!.slice(4, update.UpdateExpression!.indexOf(' REMOVE'));
    const setNames = set.split(', ').map((a) => names[a.split(' = ')[0]]);
    expect(setNames).toEqual(expect.arrayContaining(['status', 'version', 'gsi3pk']));
    expect(setNames).not.toContain('open_requirements');
    expect(setNames).not.toContain('pk');
    // The dissolved company leaves the open companies' index, and the stage it no longer has.
    const removed = update
      .UpdateExpression!.split(' REMOVE ')[1]
      .split(' ADD ')[0]
      .split(', ')
      .map((ph) => names[ph]);
    expect(removed.sort()).toEqual(['gsi4pk', 'gsi4sk', 'stage']);
    expect(values[':delta']).toBe(-1);
    // The later action is the company's own write: its refusal (re-read, decide again) is the joined one's.
    expect(onFailed!()).toBeInstanceOf(Changed);
  });

  it('a new company’s Put takes the moves of its own transaction into the count it writes', () => {
    const ws = newSet();
    ws.put(newCompanyItem(scope, company()), { expression: 'attribute_not_exists(pk)' });
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    expect(ws.entries).toHaveLength(1);
    const put = ws.entries[0].item.Put!;
    expect(put.Item).toMatchObject({ ...key, open_requirements: 2, name: 'Acme' });
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put.ExpressionAttributeNames).toBeUndefined();
    expect(put.ExpressionAttributeValues).toBeUndefined();
  });

  it('leaves actions on different items apart', () => {
    const ws = newSet();
    moveOpenRequirements(ws, scope, 'cmp_1', 1);
    moveOpenRequirements(ws, scope, 'cmp_2', 1);
    ws.check({ ...key, sk: 'OTHER' }, { expression: 'attribute_exists(pk)' });
    expect(ws.entries).toHaveLength(3);
  });

  it('refuses to join two writes of one attribute other than ADDs of numbers, and a Delete', () => {
    const ws = newSet();
    ws.update(key, { expression: 'SET #s = :a', names: { '#s': 'status' }, values: { ':a': 'active' } });
    expect(() => ws.update(key, { expression: 'SET #t = :b', names: { '#t': 'status' }, values: { ':b': 'dissolved' } })).toThrow(
      /'status' is written by two actions/,
    );
    const other = newSet();
    other.delete(key);
    expect(() => moveOpenRequirements(other, scope, 'cmp_1', 1)).toThrow(/a Delete/);
  });
});
