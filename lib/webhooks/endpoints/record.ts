import type { Mode } from '../../scope';

/** Why an endpoint stopped receiving: it answered 410, it failed for days, or a person disabled it. */
export type DisabledReason = 'gone' | 'failing' | 'manual';
export const DISABLED_REASONS: readonly DisabledReason[] = ['gone', 'failing', 'manual'];

/** One HMAC signing secret, encrypted (lib/crypto/envelope.ts); plaintext `whsec_` + base64. */
export interface StoredSecret {
  ciphertext: string;
  created_at: string;
  /** Set when a newer secret replaced it: it keeps signing until then (the rotation overlap). */
  expires_at?: string;
}

/**
 * A webhook endpoint as stored (item pk `WHE#<partner>`, sk `EP#<id>`, entity `webhook_endpoint`).
 * The delivery engine reads it through lib/webhooks/endpoints/store.ts; secrets only ever leave it
 * through `activeSigningSecrets` / `signingPrivateKey`.
 */
export interface WebhookEndpoint {
  id: string;
  partner_id: string;
  mode: Mode;
  url: string;
  status: 'enabled' | 'disabled';
  disabled_reason?: DisabledReason;
  disabled_at?: string;
  /** When it was created or last re-enabled: delivery fills gaps only from here on. */
  enabled_at: string;
  /** Event types delivered; empty = all. */
  enabled_events: string[];
  description: string;
  created_at: string;
  updated_at: string;
  /** `whpk_` + base64 of the raw 32-byte ed25519 public key (spec Signing, scheme v1a). */
  public_key: string;
  /** Newest first. */
  secrets: StoredSecret[];
  /** The ed25519 private key, PKCS8 DER base64, encrypted. */
  signing_key_ciphertext: string;
  /** Optimistic-concurrency counter: every change of the record bumps it. */
  revision: number;
  /**
   * The delivery lane shard (lib/webhooks/lane-shards.ts), fixed at creation so a change of the
   * shard count never moves a queued lane. Absent on endpoints older than sharding: shard 0.
   */
  lane_shard?: number;
}

/** The JSON face's view: never a secret. */
export interface WebhookEndpointView {
  object: 'webhook_endpoint';
  id: string;
  url: string;
  livemode: boolean;
  status: 'enabled' | 'disabled';
  disabled_reason: DisabledReason | null;
  enabled_events: string[];
  description: string;
  public_key: string;
  created_at: string;
}

export function viewOfEndpoint(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    object: 'webhook_endpoint',
    id: endpoint.id,
    url: endpoint.url,
    livemode: endpoint.mode === 'live',
    status: endpoint.status,
    disabled_reason: endpoint.status === 'disabled' ? (endpoint.disabled_reason ?? 'manual') : null,
    enabled_events: endpoint.enabled_events,
    description: endpoint.description,
    public_key: endpoint.public_key,
    created_at: endpoint.created_at,
  };
}
