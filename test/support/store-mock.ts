import { mockClient } from 'aws-sdk-client-mock';
import type { SinonSpyCall, SinonStub } from 'sinon';
import { StoreClient, type StoreCommand } from '../../lib/store/dynamodb';

/** A command class of lib/store/dynamodb.ts, as a stub matches it. */
type CommandClass<I, O> = new (input: I) => StoreCommand<I, O>;
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
  calls(): SinonSpyCall<[StoreCommand<unknown, unknown>], Promise<unknown>>[];
  commandCalls<I, O>(command: CommandClass<I, O>, input?: Partial<I>, strict?: boolean): SinonSpyCall<[StoreCommand<I, O>], Promise<O>>[];
  reset(): StoreStub;
  resetHistory(): StoreStub;
  restore(): void;
}

/**
 * Stubs `send` of the DynamoDB client (lib/store/dynamodb.ts): of every client, or of one. The stub
 * is aws-sdk-client-mock's own, which needs nothing of a client but its `send`; only its types are
 * the SDK's, so they are given here for our command classes.
 */
export function mockStore(target: StoreClient | typeof StoreClient = StoreClient): StoreStub {
  return mockClient(target as never) as unknown as StoreStub;
}
