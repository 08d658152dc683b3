import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardConfirmWebhookSecretRoll as contract } from '../../lib/routes/dashboard/page-confirm-webhook-secret-roll';
import { confirmRollBody } from '../../lib/dashboard/webhook-endpoints';
import { confirmSecretRollAs } from '../../lib/dashboard/audited-changes';
import { field } from '../../lib/http/dashboard/forms';
import { endpointSecretPage } from '../../lib/dashboard/pages/webhook-endpoints';
import { utc } from '../../lib/dashboard/pages/html';

/** POST /dashboard/webhook-endpoints/{id}/secret/roll/confirm: shows the new secret once. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, body: form }) => {
    const rolled = await confirmSecretRollAs(auth, params.id, () =>
      parseOrRefuse(
        confirmRollBody,
        { code: field(form, 'code') ?? '', ...(field(form, 'retire_previous') === 'yes' ? { retire_previous: true } : {}) },
        'form',
      ),
    );
    const until = rolled.previous_secret_expires_at
      ? `The previous secret keeps signing until ${utc(rolled.previous_secret_expires_at)}; the public key (v1a) stays as it was.`
      : 'The previous secret and public key no longer sign.';
    return endpointSecretPage(auth.session, rolled, rolled.secret, 'Secret rolled', until);
  },
});
