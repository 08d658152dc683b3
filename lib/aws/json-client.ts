import { type CallMetadata, callJson, type JsonEndpoint, keepAliveAgent, RetryQuota } from './json-protocol';

/**
 * A client of one AWS service over its JSON protocol (lib/aws/json-protocol.ts): `send(new
 * XCommand(input))` answers as the SDK's generated client of that service did, for the commands this
 * codebase sends. Each service's module (lib/store/dynamodb.ts, lib/aws/sqs.ts, lib/aws/kms.ts) names
 * its commands after the SDK's and converts what the wire needs converted (docs/decisions.md, "AWS
 * clients of our own").
 */

/** One call: its operation's name on the wire and its input. */
export abstract class AwsCommand<Input, Output> {
  /** Never set: carries the output's type for `send`. */
  declare readonly outputType?: Output;
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
}

/** How a command's values go on the wire and come back, where the SDK converted them (DynamoDB's typed values, KMS's bytes). */
export interface Conversion {
  input: (input: Record<string, unknown>) => Record<string, unknown>;
  output: (output: Record<string, unknown>) => Record<string, unknown>;
}

const AS_IS: Conversion = { input: (x) => x, output: (x) => x };

/**
 * Something that wraps every call a client sends (the round-trip counter, a test's injected fault):
 * it gets the command and `next`, which sends it, and answers in its place.
 */
export type SendWrapper = (command: AwsCommand<unknown, unknown>, next: () => Promise<unknown>) => Promise<unknown>;

export class JsonClient {
  private readonly wrappers = new Map<string, SendWrapper>();
  private readonly endpoint: JsonEndpoint;

  constructor(
    endpoint: Omit<JsonEndpoint, 'agent' | 'retryQuota'>,
    private readonly conversions: Record<string, Conversion> = {},
  ) {
    this.endpoint = { ...endpoint, agent: keepAliveAgent(endpoint.url), retryQuota: new RetryQuota() };
  }

  async send<Input, Output>(command: AwsCommand<Input, Output>): Promise<Output & { $metadata: CallMetadata }> {
    if (this.wrappers.size === 0) return this.call(command);
    const chain = [...this.wrappers.values()].reduceRight<() => Promise<unknown>>(
      (next, wrap) => () => wrap(command as AwsCommand<unknown, unknown>, next),
      () => this.call(command),
    );
    return (await chain()) as Output & { $metadata: CallMetadata };
  }

  /** Wraps every later call in `wrapper`, under `name` (a second wrapper of the same name replaces the first). */
  wrap(name: string, wrapper: SendWrapper): void {
    this.wrappers.set(name, wrapper);
  }

  unwrap(name: string): void {
    this.wrappers.delete(name);
  }

  /** Closes this client's connections (tests, scripts); a later call opens new ones. */
  destroy(): void {
    this.endpoint.agent.destroy();
  }

  private async call<Input, Output>(command: AwsCommand<Input, Output>): Promise<Output & { $metadata: CallMetadata }> {
    const conversion = this.conversions[command.operation] ?? AS_IS;
    const { output, $metadata } = await callJson(
      this.endpoint,
      command.operation,
      conversion.input(command.input as Record<string, unknown>),
    );
    return { ...conversion.output(output), $metadata } as Output & { $metadata: CallMetadata };
  }
}
