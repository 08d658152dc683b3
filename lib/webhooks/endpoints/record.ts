import type { DisabledReason, WebhookEndpoint } from '../../store/entities/webhook-endpoint';

export type { DisabledReason, StoredSecret, WebhookEndpoint } from '../../store/entities/webhook-endpoint';

export const DISABLED_REASONS: readonly DisabledReason[] = ['gone', 'failing', 'manual'];

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
