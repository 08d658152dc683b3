import { keysCapReached, MAX_ACTIVE_KEYS_PER_MODE } from './partner-caps';
import { modeOf } from '../scope';
import * as z from 'zod';
import {
  addApiKeyRevocation,
  addNewApiKey,
  apiKeyOfPartnerById,
  apiKeysListedAsWorking,
  endedApiKeysOf,
  lastCountedAt,
  recordLastUse,
  type StoredApiKey,
} from '../store/entities/api-key';
import { ChangedMeanwhile, commitAudited, type Actor, type AuditAct } from '../audit/record';
import { mintApiKey, type ApiKeyRecord } from '../auth/api-key';
import { forgetCachedKey } from '../auth/key-cache';
import { isCidr } from '../auth/ip-allow-list';
import { ALL_SCOPES, SCOPES } from '../auth/scopes';
import { now, nowIso, realNowMs } from '../clock';
import { resourceMissing } from '../errors';
import { idParam } from '../input/id-param';
import { refuseRepeats } from '../input/unique-items';

/**
 * The dashboard's API keys: issue (secret shown once), list with the last use, revoke. A key's scopes,
 * allow-list, expiry and limits are set at its creation and never changed; the API checks them on every
 * request against the key as its process read it at most `KEY_CACHE_MS` ago (lib/auth/key-cache.ts).
 * A revocation is in force at once in the process that makes it (all of `npm start`), and within
 * `KEY_CACHE_MS` in every other.
 */

export const MAX_ALLOWED_IPS = 50;

export const createKeyBody = z.strictObject({
  livemode: z.boolean(),
  name: z.string().trim().min(1).max(100).optional(),
  scopes: z
    .array(z.enum([ALL_SCOPES, ...SCOPES]))
    .max(SCOPES.length + 1)
    .superRefine((s, ctx) => {
      // Omitted scopes mean `*` (docs/decisions.md, "API keys in the dashboard"); an empty list names
      // no scope at all, so it is refused rather than read as "every scope".
      if (s.length === 0)
        ctx.addIssue({
          code: 'custom',
          message: 'is an empty list',
          params: {
            validation_type: 'minItems',
            how_to_fix: `Send at least one scope, such as "scopes": ["${SCOPES[0]}"], or leave scopes out for a key that holds every scope.`,
          },
        });
      refuseRepeats(s, ctx, 'scopes', 'scope');
    })
    .meta({ minItems: 1 })
    .optional(),
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) > now().getTime(), {
      message: 'is in the past',
      params: {
        validation_type: 'minimum',
        how_to_fix:
          'Send a future time (RFC 3339), such as "expires_at": "2027-01-01T00:00:00Z", or leave expires_at out for a key that does not expire.',
      },
    })
    .optional(),
  allowed_ips: z
    .array(
      z.string().refine(isCidr, {
        message: 'is not an IP address or CIDR range',
        params: {
          validation_type: 'format',
          how_to_fix: 'Send allowed_ips as addresses or CIDR ranges, such as "203.0.113.7", "203.0.113.0/24" or "2001:db8::/32".',
        },
      }),
    )
    .max(MAX_ALLOWED_IPS)
    .optional(),
});
export type CreateKeyBody = z.output<typeof createKeyBody>;

export const keyIdParams = z.strictObject({ keyID: idParam('apiKey', 'API key') });

export interface ApiKeyView {
  object: 'api_key';
  id: string;
  livemode: boolean;
  name: string;
  scopes: string[];
  expires_at: string | null;
  allowed_ips: string[];
  /** The first characters of the secret, to recognise the key (`svc_live_AbCd`). */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

type StoredKey = StoredApiKey<ApiKeyRecord>;

export function viewOfKey(key: ApiKeyRecord & { last_used_at?: string }, lastUsedAt?: string): ApiKeyView {
  return {
    object: 'api_key',
    id: key.id,
    livemode: key.mode === 'live',
    name: key.name,
    scopes: key.scopes,
    expires_at: key.expires_at ?? null,
    allowed_ips: key.allowed_ips,
    hint: key.hint,
    created_at: key.created_at,
    last_used_at: lastUsedAt ?? key.last_used_at ?? null,
    revoked_at: key.revoked_at ?? null,
  };
}

/** What the audit log keeps of a key: everything but its secret and its hash. */
const keyDetails = (k: ApiKeyRecord) => ({
  name: k.name,
  scopes: k.scopes,
  expires_at: k.expires_at ?? null,
  allowed_ips: k.allowed_ips,
  hint: k.hint,
  revoked_at: k.revoked_at ?? null,
});

/**
 * POST /dashboard/api/keys: 201 with `secret` (this response only); at most MAX_ACTIVE_KEYS_PER_MODE
 * working keys per mode. The key and its audit entry are written in one transaction.
 */
export async function createKey(actor: Actor, body: CreateKeyBody) {
  const partnerId = actor.partner_id;
  const mode = modeOf(body.livemode);
  const made = await commitAudited({ partnerId, mode }, async (ws) => {
    const at = realNowMs();
    const working = (await workingKeysOf(partnerId, at)).working.filter((k) => k.mode === mode);
    if (working.length >= MAX_ACTIVE_KEYS_PER_MODE) throw keysCapReached(mode);
    const { secret, secretHash, record } = mintApiKey({
      partnerId,
      mode,
      name: body.name,
      scopes: body.scopes?.includes(ALL_SCOPES) ? [ALL_SCOPES] : body.scopes,
      expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : undefined,
      allowedIps: body.allowed_ips,
    });
    addNewApiKey(ws, secretHash, record);
    const view = viewOfKey(record);
    const created = {
      object: view.object,
      id: view.id,
      livemode: view.livemode,
      name: view.name,
      scopes: view.scopes,
      expires_at: view.expires_at,
      allowed_ips: view.allowed_ips,
      secret,
      created_at: view.created_at,
      last_used_at: null,
    };
    const act: AuditAct = {
      actor,
      action: 'api_key.created',
      target: record.id,
      livemode: view.livemode,
      details: { after: keyDetails(record) },
    };
    return { value: created, acts: [act] };
  });
  keysChanged(partnerId);
  return made;
}

/**
 * The partner's working keys (at most MAX_ACTIVE_KEYS_PER_MODE a mode, and those expired since they
 * were last read), read without reading a revoked one: revoked keys are on a list of their own
 * (lib/store/entities/api-key.ts), and one found ended here is moved there (`ended`).
 */
const workingKeysOf = (partnerId: string, at: number) => apiKeysListedAsWorking<ApiKeyRecord>(partnerId, (k) => !isWorking(k, at));

/**
 * When was the key last used? The rate limiter writes `last_at` on the key's window item of the
 * current minute (`RATE#KEY#<secret hash>`, `M#<minute>`: the key counts under its own item's
 * partition key); the newest one is one Query of one item. Window items
 * expire after minutes, so what we read is folded into the key record (`last_used_at`) and survives.
 */
async function lastUse(key: StoredKey): Promise<string | undefined> {
  const seen = await lastCountedAt(key);
  if (!seen || (key.last_used_at && key.last_used_at >= seen)) return key.last_used_at;
  await recordLastUse(key, seen);
  return seen;
}

/** A key that still authenticates: neither revoked nor past its `expires_at`. */
const isWorking = (k: StoredKey, at: number) => !k.revoked_at && (!k.expires_at || Date.parse(k.expires_at) > at);

/** How many revoked or expired keys the list shows, the newest (the audit log keeps every revocation). */
export const ENDED_KEYS_LISTED = 50;

/**
 * GET /dashboard/api/keys: newest first, every working key (at most MAX_ACTIVE_KEYS_PER_MODE a mode)
 * with when it was last used, then the ENDED_KEYS_LISTED newest revoked or expired ones (marked), so
 * the list stays bounded however many keys were made and revoked.
 *
 * A list costs a read per working key (its last use), up to 2 × MAX_ACTIVE_KEYS_PER_MODE: lists of
 * one partner asked for while one is being read share that read, so a burst of page loads costs one
 * list, not one each (200 at once over 150 keys took every connection to the store, and the rest of
 * the process with them: docs/decisions.md, "API keys in the dashboard"). A change to the partner's
 * keys in this process ends the sharing, so a list asked for after it sees it.
 */
export function listKeys(partnerId: string): Promise<readonly ApiKeyView[]> {
  const reading = listsBeingRead.get(partnerId);
  if (reading) return reading;
  const read = readKeyList(partnerId).finally(() => {
    if (listsBeingRead.get(partnerId) === read) listsBeingRead.delete(partnerId);
  });
  listsBeingRead.set(partnerId, read);
  return read;
}

/** The list of each partner's keys this process is reading now (its answer is every caller's: not changed). */
const listsBeingRead = new Map<string, Promise<readonly ApiKeyView[]>>();

/** A list read after this (the key just made or revoked is on it) does not join one begun before. */
const keysChanged = (partnerId: string) => listsBeingRead.delete(partnerId);

async function readKeyList(partnerId: string): Promise<ApiKeyView[]> {
  const at = realNowMs();
  const [keys, endedListed] = await Promise.all([workingKeysOf(partnerId, at), endedApiKeysOf<ApiKeyRecord>(partnerId, ENDED_KEYS_LISTED)]);
  // Keys found ended just now may not be on the ended list's index yet: each once, newest first.
  const byId = new Map([...keys.ended, ...endedListed].map((k) => [k.id, k]));
  const ended = [...byId.values()].sort((a, b) => (placeOf(a) < placeOf(b) ? 1 : -1)).slice(0, ENDED_KEYS_LISTED);
  const working = await Promise.all(keys.working.map(async (key) => viewOfKey(key, await lastUse(key))));
  // A key that no longer works is not used any more: what its record says is final.
  return [...working, ...ended.map((key) => viewOfKey(key))].sort((a, b) => (placeOf(a) < placeOf(b) ? 1 : -1));
}

/** A key's place in the list, newest first: when it was made, then its id. */
const placeOf = (k: { created_at: string; id: string }) => `${k.created_at}#${k.id}`;

/** One of the partner's own keys by id (never another partner's), or resource_missing. */
export async function keyOfPartner(partnerId: string, keyId: string): Promise<StoredKey> {
  const key =
    (await apiKeyOfPartnerById<ApiKeyRecord>(partnerId, keyId)) ??
    // A key made before keys were listed by id gains that index when its partner's working keys are read.
    (await workingKeysOf(partnerId, realNowMs()).then((k) => [...k.working, ...k.ended].find((x) => x.id === keyId)));
  if (!key) throw resourceMissing('API key', keyId);
  return key;
}

/**
 * POST /dashboard/api/keys/{keyID}/revoke: the key stops working on its next request to this process,
 * and within `KEY_CACHE_MS` on every other; the revocation and its audit entry are one transaction.
 * Repeating is harmless (and records nothing: nothing changed).
 */
export async function revokeKey(actor: Actor, keyId: string): Promise<ApiKeyView> {
  const partnerId = actor.partner_id;
  const find = () => keyOfPartner(partnerId, keyId);
  const revoked = await commitAudited({ partnerId, mode: 'live' }, async (ws) => {
    const key = await find();
    // Revoked already, or by another request meanwhile (its condition fails, and this is built again).
    if (key.revoked_at) return { value: viewOfKey(key), acts: [] };
    const after = { ...key, revoked_at: nowIso() };
    addApiKeyRevocation(ws, key, partnerId, after.revoked_at, () => new ChangedMeanwhile('the key'));
    const act: AuditAct = {
      actor,
      action: 'api_key.revoked',
      target: key.id,
      livemode: key.mode === 'live',
      details: { before: keyDetails(key), after: keyDetails(after) },
    };
    return { value: viewOfKey(after), acts: [act] };
  });
  forgetCachedKey(keyId);
  keysChanged(partnerId);
  return revoked;
}
