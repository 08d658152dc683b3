import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Scope } from '../../scope';
import { useClockForThisWork } from '../../clock';
import { readSandboxClock, type SandboxClockRecord } from '../../store/entities/sandbox-clock';
import { sandboxClockOf } from '../../sandbox-clock/sandbox-time';
import type { ApiContext } from '../core/types';

/**
 * A test key's clock, the last part of the key's check (after api-key-scope.ts): the rest of the
 * request runs on its partner's sandbox clock (lib/clock.ts, `useClockForThisWork`); a live key's on
 * real time. The clock was read beside the key when this process knew the key's scope; else it is read
 * now. Writes `state.sandboxClock`.
 */
export function sandboxClock(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'sandboxClock',
    before: async (request) => {
      const state = request.context.state;
      const scope = state.caller!.scope;
      if (scope.mode !== 'test') return;
      const clock = await sandboxClockFor(scope, state.keyCheck?.clock);
      state.sandboxClock = clock ?? null;
      useClockForThisWork(sandboxClockOf(clock));
    },
  };
}

/** The clock read beside the key when it was read for the caller's very partner; else read now. */
function sandboxClockFor(
  scope: Scope,
  readBeside: { scope: Scope; read: Promise<SandboxClockRecord | undefined> } | undefined,
): Promise<SandboxClockRecord | undefined> {
  return readBeside && readBeside.scope.partnerId === scope.partnerId ? readBeside.read : readSandboxClock(scope);
}
