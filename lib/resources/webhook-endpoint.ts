import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { idOf } from './shared';

/**
 * A webhook endpoint as a `webhook_endpoint.test` event embeds it (docs/api.md, "Added for
 * the partner experience"): which endpoint the test was sent to, never its secrets.
 */
export const webhookEndpointSnapshotSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('webhook_endpoint'),
      id: idOf('webhookEndpoint'),
      url: z.string().meta({ description: 'Where the test was delivered.' }),
      livemode: z.boolean(),
    })
    .meta({ id: 'WebhookEndpointSnapshot', description: 'The endpoint a test event was sent to.' }),
);
