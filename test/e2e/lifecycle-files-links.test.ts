import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aJpeg, aPdf, aPng, sandbox, uploadFile } from '../support/lifecycle';
import { samplePdf } from '../../lib/file-storage/sample-document';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;

function expectRefused(res: any, location: string, validationType: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ location, validation_type: validationType })]));
}

/** A PDF whose body declares `pages` page objects. */
function pdfOfPages(pages: number): Buffer {
  return Buffer.concat([
    samplePdf('multi'),
    Buffer.from(Array.from({ length: pages }, (_, i) => `${10 + i} 0 obj << /Type /Page >> endobj\n`).join(''), 'latin1'),
  ]);
}

let company: any;
beforeAll(async () => {
  company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
});

describe('POST /files: per-purpose policies, content sniffed', () => {
  const owner = () => company.shareholders[0].id;

  it('reads the type from the bytes, never from the declared type or name', async () => {
    const disguised = await uploadFile(
      key,
      { purpose: 'additional_document', company: company.id },
      { bytes: Buffer.from('#!/bin/sh\necho hi\n'), name: 'invoice.pdf', type: 'application/pdf' },
    );
    expectRefused(disguised, '$.file', 'fileType');
    const png = await uploadFile(
      key,
      { purpose: 'additional_document', company: company.id },
      { bytes: aPng(), name: 'scan.pdf', type: 'application/pdf' },
    );
    expect(png.body.type).toBe('image/png');
    const jpeg = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: owner() },
      { bytes: aJpeg(), name: 'id' },
    );
    expect(jpeg.body.type).toBe('image/jpeg');
  });

  it('applies each purpose’s types, size and page count', async () => {
    expectRefused(await uploadFile(key, { purpose: 'formation_document', company: company.id }, { bytes: aPng() }), '$.file', 'fileType');
    expectRefused(
      await uploadFile(
        key,
        { purpose: 'additional_document', company: company.id },
        { bytes: Buffer.concat([aPdf(), Buffer.alloc(4 * 1024 * 1024)]) },
      ),
      '$.file',
      'maxSize',
    );
    expectRefused(
      await uploadFile(key, { purpose: 'identity_document', company: company.id, shareholder: owner() }, { bytes: pdfOfPages(6) }),
      '$.file',
      'maxPages',
    );
    expect((await uploadFile(key, { purpose: 'formation_document', company: company.id }, { bytes: pdfOfPages(6) })).status).toBe(201);
    expectRefused(
      await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: Buffer.alloc(0) }),
      '$.file',
      'minSize',
    );
  });

  it('checks the fields: purpose, company, the owner of an identity document, the file part', async () => {
    expectRefused(await uploadFile(key, { purpose: 'selfie', company: company.id }, { bytes: aPdf() }), '$.purpose', 'enum');
    expectRefused(
      await uploadFile(key, { purpose: 'identity_document', company: company.id }, { bytes: aPdf() }),
      '$.shareholder',
      'required',
    );
    expectRefused(
      await uploadFile(key, { purpose: 'additional_document', company: company.id, shareholder: owner() }, { bytes: aPdf() }),
      '$.shareholder',
      'additionalProperties',
    );
    const stranger = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expectRefused(
      await uploadFile(
        key,
        { purpose: 'identity_document', company: company.id, shareholder: stranger.shareholders[0].id },
        { bytes: aPdf() },
      ),
      '$.shareholder',
      'exists',
    );
    expectRefused(
      await uploadFile(c.other_partner.test_key, { purpose: 'additional_document', company: company.id }, { bytes: aPdf() }),
      '$.company',
      'exists',
    );
    expectRefused(await uploadFile(key, { purpose: 'additional_document', company: company.id }), '$.file', 'required');
    const json = await api(key).post('/files', { purpose: 'additional_document' });
    expect(json.body.errors[0].location).toBe('$.headers.Content-Type');
  });

  it('refuses a part sent twice (two companies, two purposes, two files), naming it with a part that works', async () => {
    const other = await createCompany(key, anLlc());
    const send = async (parts: [string, string | Blob][]) => {
      const form = new FormData();
      for (const [name, value] of parts) form.append(name, value);
      const res = await fetch(`${c.base_url}/files`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
      return { status: res.status, body: (await res.json()) as any };
    };
    const pdf = () => new Blob([new Uint8Array(aPdf())], { type: 'application/pdf' });
    const twoCompanies = await send([
      ['purpose', 'additional_document'],
      ['company', company.id],
      ['company', other.id],
      ['file', pdf()],
    ]);
    expectRefused(twoCompanies, '$.company', 'type');
    expect(twoCompanies.body.errors[0]).toMatchObject({
      reason: 'is given 2 times',
      how_to_fix: expect.stringContaining(`company=${company.id}`),
    });
    expectRefused(
      await send([
        ['purpose', 'additional_document'],
        ['purpose', 'identity_document'],
        ['company', company.id],
        ['file', pdf()],
      ]),
      '$.purpose',
      'type',
    );
    const twoFiles = await send([
      ['purpose', 'additional_document'],
      ['company', company.id],
      ['file', pdf()],
      ['file', pdf()],
    ]);
    expectRefused(twoFiles, '$.file', 'type');
    expect(twoFiles.body.errors[0].how_to_fix).toContain('its own request');
  });

  it('a partner upload is readable by id but not listed; another mode or partner never sees it', async () => {
    const up = await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: aPdf('utility bill') });
    const read = await api(key).get(`/files/${up.body.id}`);
    expect(read.body).toMatchObject({
      object: 'file',
      id: up.body.id,
      purpose: 'additional_document',
      company: company.id,
      livemode: false,
    });
    expect((await api(key).get(`/companies/${company.id}/files`)).body.items.map((f: any) => f.id)).not.toContain(up.body.id);
    expect((await api(c.live_key).get(`/files/${up.body.id}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/files/${up.body.id}/content`)).status).toBe(404);
    expect((await api(key).get('/files/file_bad')).status).toBe(400);
  });

  it('a published image downloads as the same bytes', async () => {
    const pub = await api(key).post(`/sandbox/companies/${company.id}/files`, { title: 'EIN letter', content_type: 'image/png' });
    const res = await fetch(`${c.base_url}/files/${pub.body.id}/content`, { headers: { Authorization: `Bearer ${key}` } });
    expect(Buffer.from(await res.arrayBuffer()).equals(aPng())).toBe(true);
    expect(res.headers.get('content-disposition')).toContain(`${pub.body.id}.png`);
  });
});

describe('status links', () => {
  it('mints unguessable links, lists them, serves JSON without a key, and revokes at once', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const minted = await api(key).post(`/companies/${company.id}/status-tokens`);
    expect(minted.status).toBe(201);
    expect(Object.keys(minted.body).sort()).toEqual(['created_at', 'id', 'object', 'url']);
    expect(minted.body.id).toMatch(/^stk_[0-9A-Za-z]{22}$/);
    const token = minted.body.url.split('/status/')[1];
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/); // ~190 bits
    const second = (await api(key).post(`/companies/${company.id}/status-tokens`)).body;
    expect((await api(key).get(`/companies/${company.id}/status-tokens`)).body).toEqual({ object: 'list', items: [second, minted.body] });

    const json = await fetch(minted.body.url, { headers: { Accept: 'application/json' } });
    expect(json.status).toBe(200);
    const view = await json.json();
    expect(view).toEqual({
      object: 'company_status',
      company_name: company.legal_name,
      state: company.state,
      status: 'requires_information',
      status_title: 'Waiting for information',
      status_detail: expect.any(String),
      stage: 'preparing_documents',
      stage_text: 'Preparing the formation documents',
      updated_at: expect.any(String),
    });
    for (const personal of ['shareholders', 'officers', 'ein', 'address', 'id', 'account_id']) expect(view).not.toHaveProperty(personal);
    // JSON when the caller prefers it: a caller that ranks the page first, or refuses JSON (q=0), gets the page.
    for (const accept of ['text/html, application/json;q=0.9', 'application/json;q=0'])
      expect((await fetch(minted.body.url, { headers: { Accept: accept } })).headers.get('content-type')).toMatch(/^text\/html/);

    const revoked = await api(key).delete(`/companies/${company.id}/status-tokens/${minted.body.id}`);
    expect(revoked.body).toEqual({ object: 'status_token', id: minted.body.id, deleted: true });
    expect((await fetch(minted.body.url, { headers: { Accept: 'application/json' } })).status).toBe(404);
    expect((await api(key).get(`/companies/${company.id}/status-tokens`)).body.items).toEqual([second]);
    expect((await api(key).delete(`/companies/${company.id}/status-tokens/${minted.body.id}`)).status).toBe(404);
    expect((await fetch(`${new URL(c.base_url).origin}/status/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/companies/${company.id}/status-tokens`)).status).toBe(404);
  });
});

describe('verification sessions', () => {
  it('gives a short-lived url for one owner; an unknown owner is refused', async () => {
    const res = await api(key).post(`/companies/${company.id}/verification-sessions`, { shareholder: company.shareholders[0].id });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'id', 'object', 'shareholder', 'status', 'url']);
    expect(res.body).toMatchObject({ object: 'verification_session', shareholder: company.shareholders[0].id, status: 'pending' });
    expect(res.body.id).toMatch(/^vs_[0-9A-Za-z]{22}$/);
    expect(res.body.url).toMatch(/\/verify\/[0-9A-Za-z]{32}$/);
    const minutes = (Date.parse(res.body.expires_at) - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);
    const bad = await api(key).post(`/companies/${company.id}/verification-sessions`, { shareholder: 'sh_0000000000000000000000' });
    expectRefused(bad, '$.shareholder', 'exists');
    const page = await fetch(res.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sandbox triggers are for test keys only', () => {
  it('answers test_mode_only to a live key on every lifecycle trigger', async () => {
    const live = await createCompany(c.live_key, anLlc());
    for (const action of [
      'verify',
      'stage',
      'incorporate',
      'complete-onboarding',
      'assign-ein',
      'name-conflict',
      'update',
      'dissolve',
      'requirements',
      'files',
    ]) {
      const res = await sandbox(c.live_key).company(live.id, action);
      expect([action, res.status, res.body.code]).toEqual([action, 403, 'test_mode_only']);
    }
    for (const res of [
      await sandbox(c.live_key).signer('rqmt_0000000000000000000000', 0, 'sign'),
      await sandbox(c.live_key).cancel('rqmt_0000000000000000000000', 'x'),
    ]) {
      expect(res.body.code).toBe('test_mode_only');
    }
    expect((await api(c.live_key).get(`/companies/${live.id}`)).body.status).toBe('requires_information');
  });
});
