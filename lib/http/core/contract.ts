import type { z } from 'zod';
import type { ScopeName } from '../../auth/scopes';

/**
 * What the chain needs to know of an operation, read from its contract in the route table
 * (lib/routes/): who calls it, what it validates, and how its body arrives. The handler factory, the
 * OpenAPI document and the isolation matrices read the same object.
 */
export interface Contract<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  /** Partners with keys, dashboard users, or anyone. */
  audience: 'partner' | 'dashboard' | 'public';
  /** The scope a partner's key must hold (lib/auth/scopes.ts); none: any valid key. */
  scope?: ScopeName;
  params?: P;
  query?: Q;
  body?: B;
  /** Largest request body accepted (default 256 KiB for JSON). */
  maxBodyBytes?: number;
  /** How the body arrives: JSON (the default), a multipart or raw body read by the operation, or a dashboard page's form. */
  face?: 'json' | 'raw' | 'page';
  /** Dashboard routes used before there is a session (sign-in, the local outbox). */
  signedOut?: boolean;
  /** Sandbox endpoints: a live key is refused with `test_mode_only`. */
  testModeOnly?: boolean;
  /** Honour `Idempotency-Key` (every POST that creates or changes something). */
  idempotent?: boolean;
  /**
   * Refuse a malformed `Idempotency-Key` as an idempotent operation does, keeping no record: an
   * operation that answers as another one would, without its write (the company preview).
   */
  checksIdempotencyKey?: boolean;
}
