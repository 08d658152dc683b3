import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';

/** A stub of the document client (aws-sdk-client-mock's own), as the tests that inject faults hold it. */
export type StoreStub = AwsStub<any, any, any>;

/**
 * Stubs `send` of the SDK's DynamoDB document client (lib/store/dynamodb.ts): of every one (the
 * default), or of one. Stubbed calls never reach DynamoDB: the answers and faults are the test's.
 */
export function mockStore(target: DynamoDBDocumentClient | typeof DynamoDBDocumentClient = DynamoDBDocumentClient): StoreStub {
  return mockClient(target) as StoreStub;
}
