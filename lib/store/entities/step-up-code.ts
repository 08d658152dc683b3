import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf } from '../entity';
import { stepUpCodeKey } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';

/** The pending step-up code of one session (its hash), and how many the session asked for today. */
export interface StepUpCodeRecord {
  code_hash: string;
  attempts: number;
  expires_at: string;
  window_started_at: string;
  sends: number;
}

export async function getStepUpCode(tokenHash: string): Promise<StepUpCodeRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: stepUpCodeKey(tokenHash), ConsistentRead: true }));
  return res.Item ? recordOf<StepUpCodeRecord>(res.Item, [TTL_ATTRIBUTE]) : undefined;
}

export async function putStepUpCode(tokenHash: string, record: StepUpCodeRecord, keepUntil: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...stepUpCodeKey(tokenHash), entity: 'step_up_code', ...record, [TTL_ATTRIBUTE]: Math.ceil(keepUntil / 1000) },
    }),
  );
}

/** Counts one try, unless the code has had its share; false when it had. */
export async function spendStepUpAttempt(tokenHash: string, codeHash: string, max: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stepUpCodeKey(tokenHash),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attempts < :max AND code_hash = :hash',
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':hash': codeHash },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Spends the code (keeping the day's count of codes asked for). */
export async function spendStepUpCode(tokenHash: string, codeHash: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stepUpCodeKey(tokenHash),
        UpdateExpression: 'SET code_hash = :spent',
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash, ':spent': 'spent' },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function deleteStepUpCode(tokenHash: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: stepUpCodeKey(tokenHash) }));
}
