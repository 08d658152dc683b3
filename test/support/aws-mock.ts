import { mockClient } from 'aws-sdk-client-mock';
import type { SinonSpyCall, SinonStub } from 'sinon';
import type { AwsCommand, JsonClient } from '../../lib/aws/json-client';
import { StoreClient } from '../../lib/store/dynamodb';

/** A command class of one of our AWS clients (lib/aws/json-client.ts), as a stub matches it. */
type CommandClass<I, O> = new (input: I) => AwsCommand<I, O>;
type Answer<O> = Partial<O> | PromiseLike<Partial<O>>;

/** What a stubbed call does: aws-sdk-client-mock's behaviours, typed for our commands. */
export interface StoreBehaviour<O> {
  on<I2, O2>(command: CommandClass<I2, O2>, input?: Partial<I2>, strict?: boolean): StoreBehaviour<O2>;
  onAnyCommand(input?: object, strict?: boolean): StoreBehaviour<Record<string, unknown>>;
  resolves(answer: Answer<O>): StoreStub;
  resolvesOnce(answer: Answer<O>): StoreBehaviour<O>;
  rejects(error?: string | Error | Record<string, unknown>): StoreStub;
  rejectsOnce(error?: string | Error | Record<string, unknown>): StoreBehaviour<O>;
  callsFake(fake: (input: any) => unknown): StoreStub;
  callsFakeOnce(fake: (input: any) => unknown): StoreBehaviour<O>;
}

export interface StoreStub extends StoreBehaviour<Record<string, unknown>> {
  send: SinonStub;
  calls(): SinonSpyCall<[AwsCommand<unknown, unknown>], Promise<unknown>>[];
  commandCalls<I, O>(command: CommandClass<I, O>, input?: Partial<I>, strict?: boolean): SinonSpyCall<[AwsCommand<I, O>], Promise<O>>[];
  reset(): StoreStub;
  resetHistory(): StoreStub;
  restore(): void;
}

/**
 * Stubs `send` of one of our AWS clients (lib/aws/json-client.ts): of every client of a class, or of
 * one. The stub is aws-sdk-client-mock's own, which needs nothing of a client but its `send`; only its
 * types are the SDK's, so they are given here for our command classes.
 */
export function mockAwsClient(target: JsonClient | (abstract new (...args: never[]) => JsonClient)): StoreStub {
  return mockClient(target as never) as unknown as StoreStub;
}

/** Stubs `send` of the DynamoDB client (lib/store/dynamodb.ts): of every one, or of one. */
export function mockStore(target: StoreClient | typeof StoreClient = StoreClient): StoreStub {
  return mockAwsClient(target);
}
