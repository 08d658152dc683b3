import { generateKeyPairSync } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  NotFoundError,
  InvalidRequestError,
  PartnerApi,
  PermissionError,
  verifyWebhook,
  WebhookVerificationError,
  type Event,
} from '../../sdk/node/src/index';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anAccount, anOwner, uniqueWord } from '../support/companies';
import { aPdf } from '../support/lifecycle';
import { createTestEndpoint, eventually, WAIT_MS, startReceiver, type Delivery, type TestEndpoint } from '../support/webhooks';
import { disableEndpoint } from '../../lib/webhooks/endpoints';
import { issueApiKey } from '../../lib/auth/api-key';

/**
 * A partner's whole flow through the SDK (sdk/node) against the local stack: create, the sandbox
 * lifecycle, the reconciliation sweep, a webhook received and verified with verifyWebhook for both
 * schemes and both header sets, a wrong key and a stale timestamp refused, typed errors, and the
 * client riding out a real rate limit.
 */
const c = useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR; // the stack's master key, which encrypts endpoint secrets
jest.setTimeout(90_000);

let partner: Awaited<ReturnType<typeof aFreshPartner>>;
let client: PartnerApi;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpoint: TestEndpoint;
let since: Date;
let company: Awaited<ReturnType<PartnerApi['createCompany']>>;

beforeAll(async () => {
  partner = await aFreshPartner();
  receiver = await startReceiver();
  endpoint = await createTestEndpoint({ partnerId: partner.partnerId, mode: 'test', url: receiver.url });
  client = new PartnerApi({ apiKey: partner.testKey, baseUrl: c.base_url });
  since = new Date();
});

afterAll(async () => {
  await disableEndpoint(partner.partnerId, endpoint.id, 'manual');
  await receiver.close();
});

describe('a partner flow through the SDK', () => {
  it('creates a company (typed body, typed answer)', async () => {
    company = await client.createCompany({
      body: {
        name: `Sdk ${uniqueWord()}`,
        state: 'WY',
        entity_type: 'llc',
        name_style: 'comma',
        account: anAccount(),
        shareholders: [anOwner()],
      },
    });
    expect(company).toMatchObject({ object: 'company', status: 'requires_information', verification: 'pending', livemode: false });
    expect(company.legal_name).toBe(`${company.name}, LLC`);
  });

  it('a retry under the caller’s own Idempotency-Key replays the first answer', async () => {
    const body = { name: `Sdk ${uniqueWord()}`, state: 'WY' as const, entity_type: 'llc' as const, account: anAccount() };
    const key = `sdk-flow-${uniqueWord()}`;
    const first = await client.request('createCompany', { body }, { idempotencyKey: key });
    const again = await client.request('createCompany', { body }, { idempotencyKey: key });
    expect(again.data.id).toBe(first.data.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.requestId).toMatch(/^req_/);
  });

  it('uploads the owner’s identity document (multipart) and drives the sandbox lifecycle to active', async () => {
    // A typed upload: the fields and the file, sent as multipart/form-data by the SDK.
    const file = await client.uploadFile({
      body: {
        purpose: 'identity_document',
        company: company.id,
        shareholder: company.shareholders![0].id,
        file: new Blob([new Uint8Array(aPdf())], { type: 'application/pdf' }),
        filename: 'passport.pdf',
      },
    });
    expect(file).toMatchObject({ object: 'file', purpose: 'identity_document', type: 'application/pdf' });
    expect(await client.getCompany({ companyID: company.id })).toMatchObject({ status: 'in_progress', verification: 'verified' });

    await client.sandboxMoveCompanyStage({ companyID: company.id, body: { stage: 'documents_generated' } });
    await client.sandboxMoveCompanyStage({ companyID: company.id, body: { stage: 'submitted_to_state' } });
    expect(await client.sandboxIncorporateCompany({ companyID: company.id })).toMatchObject({ status: 'active', stage: 'incorporated' });
    await client.sandboxAssignEin({ companyID: company.id, body: { ein: '12-3456789' } });
    expect(await client.getCompany({ companyID: company.id, 'expand[]': ['account'] })).toMatchObject({
      status: 'active',
      ein: '12-3456789',
      account: { object: 'account' },
    });
  });

  it('sweeps the log the spec’s way: every page, oldest first, each event once', async () => {
    const sweep = client.events.sweep({ since, limit: 2 });
    const swept: Event[] = [];
    for await (const event of sweep) swept.push(event);
    const ids = swept.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(swept.map((e) => e.created_at)).toEqual([...swept.map((e) => e.created_at)].sort());
    // The partner is this file's own: its whole test-mode log is what the sweep should have seen.
    const everything = await client.events.list({ limit: 100 }).toArray();
    expect([...ids].sort()).toEqual(everything.map((e) => e.id).sort());
    expect(swept.length).toBeGreaterThan(4); // several pages of two
    expect(swept.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'company.created',
        'company.document.received',
        'company.verified',
        'company.status.changed',
        'company.incorporated',
        'company.ein.assigned',
      ]),
    );
    expect(sweep.nextSince).toBe(swept[swept.length - 1].created_at);
  });

  describe('a webhook received and verified with verifyWebhook', () => {
    let created: Event;
    let delivery: Delivery;
    const only = (headers: IncomingHttpHeaders, prefix: 'webhook-' | 'service-webhook-') =>
      Object.fromEntries(Object.entries(headers).filter(([k]) => k.startsWith(prefix))) as Record<string, string>;

    beforeAll(async () => {
      created = (await client.events.list({ company_id: company.id, type: 'company.created' }).toArray())[0];
      delivery = await eventually(
        () => receiver.deliveries.find((d) => d.headers['webhook-id'] === created.id),
        WAIT_MS,
        'the company.created delivery',
      );
    });

    it('verifies v1 with the secret and v1a with the public key, under either header set', () => {
      const raw = Buffer.from(delivery.body, 'utf8');
      expect(verifyWebhook(delivery.headers, raw, { secret: endpoint.secret })).toEqual(created);
      expect(verifyWebhook(delivery.headers, raw, { publicKey: endpoint.publicKey })).toEqual(created);
      for (const prefix of ['webhook-', 'service-webhook-'] as const) {
        expect(verifyWebhook(only(delivery.headers, prefix), delivery.body, { secret: endpoint.secret })).toEqual(created);
        expect(verifyWebhook(only(delivery.headers, prefix), delivery.body, { publicKey: endpoint.publicKey })).toEqual(created);
      }
      expect(delivery.headers['webhook-signature']).toMatch(/(^| )v1,.+ v1a,/);
    });

    it('refuses a wrong secret and a wrong public key', () => {
      const wrongSecret = 'whsec_' + Buffer.from('not the endpoint secret, 32 byte').toString('base64');
      const wrongKey =
        'whpk_' + Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
      expect(() => verifyWebhook(delivery.headers, delivery.body, { secret: wrongSecret })).toThrow(
        expect.objectContaining({ reason: 'no_matching_signature' }),
      );
      expect(() => verifyWebhook(delivery.headers, delivery.body, { publicKey: wrongKey })).toThrow(
        expect.objectContaining({ reason: 'no_matching_signature' }),
      );
      expect(() =>
        verifyWebhook(delivery.headers, delivery.body.replace(created.id, 'evt_' + 'x'.repeat(22)), {
          secret: endpoint.secret,
          publicKey: endpoint.publicKey,
        }),
      ).toThrow(WebhookVerificationError);
    });

    it('refuses the same delivery once its timestamp is more than five minutes old, for both schemes', () => {
      const signedAt = Number(delivery.headers['webhook-timestamp']);
      const now = jest.spyOn(Date, 'now');
      try {
        now.mockReturnValue((signedAt + 299) * 1000);
        expect(verifyWebhook(delivery.headers, delivery.body, { secret: endpoint.secret })).toEqual(created);
        now.mockReturnValue((signedAt + 301) * 1000);
        expect(() => verifyWebhook(delivery.headers, delivery.body, { secret: endpoint.secret })).toThrow(
          expect.objectContaining({ reason: 'stale_timestamp' }),
        );
        expect(() => verifyWebhook(delivery.headers, delivery.body, { publicKey: endpoint.publicKey })).toThrow(
          expect.objectContaining({ reason: 'stale_timestamp' }),
        );
      } finally {
        now.mockRestore();
      }
    });
  });

  it('throws typed errors carrying the envelope', async () => {
    const missing = await client.getCompany({ companyID: 'cmp_' + 'Z'.repeat(22) }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing', request_id: expect.stringMatching(/^req_/) });
    const invalid = (await client
      .createCompany({ body: { name: 'The Widgets', state: 'WY', entity_type: 'llc', account: anAccount() } })
      .catch((e: unknown) => e)) as InvalidRequestError;
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(invalid.errors.map((e) => e.location)).toContain('$.name');
    const live = new PartnerApi({ apiKey: partner.liveKey, baseUrl: c.base_url });
    await expect(live.sandboxVerifyCompany({ companyID: company.id })).rejects.toThrow(PermissionError);
    await expect(live.sandboxVerifyCompany({ companyID: company.id })).rejects.toMatchObject({ code: 'test_mode_only', status: 403 });
  });
});

describe('the SDK under a real rate limit', () => {
  it('waits out Retry-After and retries: every read and every create succeeds, each create once', async () => {
    const own = await aFreshPartner();
    const { secret } = await issueApiKey({ partnerId: own.partnerId, mode: 'test', rateLimit: { burst: 2, sustained: 10_000 } });
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((r) => setTimeout(r, ms));
    };
    const limited = new PartnerApi({ apiKey: secret, baseUrl: c.base_url, maxRetries: 6, sleep });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => limited.request('getMe')),
      ...Array.from({ length: 4 }, () =>
        limited.request('createCompany', { body: { name: `Sdk ${uniqueWord()}`, state: 'WY', entity_type: 'llc', account: anAccount() } }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 201, 201, 201, 201]);
    expect(answers.some((a) => a.attempts > 1)).toBe(true);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000); // Retry-After is whole seconds, at least 1
    const companies = await new PartnerApi({ apiKey: own.testKey, baseUrl: c.base_url }).paginate('listCompanies').toArray();
    expect(companies.map((x) => x.id).sort()).toEqual(
      answers
        .slice(4)
        .map((a) => (a.data as { id: string }).id)
        .sort(),
    );
  });
});
