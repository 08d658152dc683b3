import * as z from 'zod';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomBytes } from 'node:crypto';
import { config } from '../config';
import { createPartner } from '../partners/partner';
import { addStaffMember, normaliseEmail } from '../dashboard/staff';
import { issueApiKey } from '../auth/api-key';
import { flag } from './cli-args';
import { OperatorError } from './target';
import type { OperatorAction } from './action';
import { variable } from '../config/variables';

const email = z.email().max(254);

/** The first partner of a deployment and every one after it: the partner, and its owner as its first staff member. */
async function onboardPartner(name: string, ownerEmail: string) {
  // An address may be staff of several partners (membership is per partner): the owner of one may own another.
  const address = normaliseEmail(ownerEmail);
  const partner = await createPartner({ name, ownerEmail: address });
  // The owner role: how the dashboard's roles name the person who may do everything (lib/dashboard/staff.ts).
  const owner = await addStaffMember(partner.id, address, 'owner');
  return {
    partner: { id: partner.id, name: partner.name, created_at: partner.created_at },
    owner: { email: owner.email, role: 'owner' },
    sign_in_url: `${config().publicUrl}/dashboard/sign-in`,
    next: `Send ${address} the sign-in address. They sign in with a code e-mailed to them and create the API keys in the dashboard; no key or secret is made or shown here.`,
  };
}

/** A new signing key kept beside the one it replaces (lib/signing-keys/key-set.ts): what was signed before still verifies. */
async function rotateSigningKey(which: string) {
  const names: Record<string, 'CURSOR_KEY_SECRET' | 'HOSTED_LINK_KEY_SECRET' | 'ONE_TIME_CODE_KEY_SECRET'> = {
    cursor: 'CURSOR_KEY_SECRET',
    'hosted-link': 'HOSTED_LINK_KEY_SECRET',
    'one-time-code': 'ONE_TIME_CODE_KEY_SECRET',
  };
  const name = Object.hasOwn(names, which) ? names[which] : undefined;
  if (!name) throw new OperatorError('--key is cursor, hosted-link or one-time-code.');
  const secret = variable(name);
  if (!secret) throw new OperatorError('rotate-signing-key works on a deployed stage: the embedded default has fixed local keys.');
  const client = new SecretsManagerClient({ region: config().region });
  try {
    const now = JSON.parse((await client.send(new GetSecretValueCommand({ SecretId: secret }))).SecretString ?? '{}') as {
      current?: string;
    };
    if (!now.current) throw new OperatorError(`${secret} holds no current key.`);
    const next = { current: randomBytes(48).toString('base64url'), previous: now.current };
    const put = await client.send(new PutSecretValueCommand({ SecretId: secret, SecretString: JSON.stringify(next) }));
    return {
      secret,
      version: put.VersionId,
      note: 'Every function signs with the new key within 5 minutes; the replaced key still verifies until the next rotation (wait at least 5 minutes for that one).',
    };
  } finally {
    client.destroy();
  }
}

/**
 * The canary's key: a new test-mode key of `partnerId` (a partner the platform team keeps for the canary,
 * made with create-partner), only allowed to read (GET /v1/me needs no scope), written straight into the
 * canary's secret: the operator never sees it.
 */
async function setCanaryKey(partnerId: string) {
  const secret = variable('CANARY_KEY_SECRET');
  if (!secret) throw new OperatorError('set-canary-key works on a deployed stage: the embedded default runs no canary.');
  const { secret: key, record } = await issueApiKey({ partnerId, mode: 'test', name: 'Canary', scopes: ['companies:read'] });
  const client = new SecretsManagerClient({ region: config().region });
  try {
    await client.send(new PutSecretValueCommand({ SecretId: secret, SecretString: JSON.stringify({ key }) }));
  } finally {
    client.destroy();
  }
  return {
    key_id: record.id,
    partner_id: partnerId,
    secret,
    note: 'The canary uses the new key from its next run (within 5 minutes). Revoke the previous canary key in that partner’s dashboard.',
  };
}

/** Partners, the canary's key and the signing keys: what the platform team does for a partner that cannot, or before it can (endpoints: endpoint-actions.ts). */
export const partnerActions: OperatorAction[] = [
  {
    name: 'create-partner',
    usage: 'create-partner --name "Acme Formations" --owner-email dana@acme.example',
    summary: 'a new partner and its owner (first staff member, role owner), who signs in by e-mailed code; no secret is shown',
    unscoped: true,
    run: (ctx) => {
      const name = flag(ctx.args, 'name')?.trim();
      const owner = flag(ctx.args, 'owner-email');
      if (!name || name.length > 200) throw new OperatorError('--name is required (the workspace name, up to 200 characters).');
      if (!owner || !email.safeParse(owner.trim()).success)
        throw new OperatorError('--owner-email is required: the address the owner signs in with.');
      return onboardPartner(name, owner.trim());
    },
  },
  {
    name: 'set-canary-key',
    usage: 'set-canary-key --partner ptr_…',
    summary: "a new test key of the canary's partner, written into the canary's secret (never shown; a deployed stage only)",
    run: (ctx) => setCanaryKey(ctx.scope.partnerId),
  },
  {
    name: 'rotate-signing-key',
    usage: 'rotate-signing-key --key cursor|hosted-link|one-time-code',
    summary: 'a new signing key, the old one kept as previous (no deploy; a deployed stage only)',
    unscoped: true,
    run: (ctx) => rotateSigningKey(flag(ctx.args, 'key') ?? ''),
  },
];
