/** One call as a wrapper sees it: its operation's name (`GetItem`, `SendMessageBatch`) and its input as the caller gave it. */
export interface SentCommand {
  operation: string;
  input: Record<string, unknown>;
}

/**
 * Something that wraps every call a client sends (the round-trip counter, a bench's counter, a test's
 * injected fault): it gets the command and `next`, which sends it and gives its output, and answers in
 * its place.
 */
export type SendWrapper = (command: SentCommand, next: () => Promise<unknown>) => Promise<unknown>;

/** What this module needs of an SDK client: its middleware stack, as far as it is used here. */
type AnyClient = { middlewareStack: unknown };
type Args = { input: unknown };
type Next = (args: Args) => Promise<{ output: unknown }>;
interface Stack {
  add(
    middleware: (next: Next, context: { commandName?: string }) => (args: Args) => Promise<{ output: unknown }>,
    options: { step: 'initialize'; name: string; override: boolean },
  ): void;
  remove(name: string): boolean;
}

/**
 * Wraps every later call of `client` in `wrapper`, under `name` (a second wrapper of the same name
 * replaces the first): an SDK middleware of the `initialize` step, so it sees the input as given (the
 * document client converts values later, just before the request is serialized) and the output as
 * the caller gets it. The first wrapper put on a client is the outermost.
 */
export function wrapSends(client: AnyClient, name: string, wrapper: SendWrapper): void {
  (client.middlewareStack as Stack).add(
    (next, context) => async (args) => {
      let sent: { output: unknown } | undefined;
      const output = await wrapper(
        { operation: String(context.commandName ?? '').replace(/Command$/, ''), input: args.input as Record<string, unknown> },
        async () => {
          sent = await next(args);
          return sent.output;
        },
      );
      return sent && sent.output === output ? sent : { output, response: {} };
    },
    { step: 'initialize', name, override: true },
  );
}

export function unwrapSends(client: AnyClient, name: string): void {
  (client.middlewareStack as Stack).remove(name);
}
