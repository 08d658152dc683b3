import { api } from './http';
import { credentials } from './stack';
import { samplePdf, samplePng } from '../../lib/file-storage/sample-document';

/** The sandbox triggers under /sandbox, with the test key given. */
export function sandbox(key: string) {
  const client = api(key);
  return {
    company: (id: string, action: string, body: unknown = {}) => client.post(`/sandbox/companies/${id}/${action}`, body),
    signer: (requirementId: string, index: number, action: 'view' | 'sign' | 'decline') =>
      client.post(`/sandbox/requirements/${requirementId}/signers/${index}/${action}`, {}),
    cancel: (requirementId: string, reason: string) => client.post(`/sandbox/requirements/${requirementId}/cancel`, { reason }),
  };
}

/** POST /files as a multipart form, the way `curl -F` sends it. */
export async function uploadFile(key: string, fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'document.bin',
    );
  const res = await fetch(`${credentials().base_url}/files`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

export const aPdf = (title = 'Passport scan') => samplePdf(title);
export const aPng = () => samplePng();
export const aJpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);

/** Every event of one company, oldest first (GET /events, following cursors). */
export async function eventsOf(key: string, companyId: string): Promise<any[]> {
  const out: any[] = [];
  let after: string | undefined;
  for (;;) {
    const res = await api(key).get(
      `/events?company_id=${companyId}&sort=created_at&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    if (res.status !== 200) throw new Error(`GET /events: ${res.status} ${res.text}`);
    out.push(...res.body.items);
    if (!res.body.page.has_next_page) return out;
    after = res.body.page.end_cursor;
  }
}

/** The events of a company recorded after the `seen` first ones. */
export async function newEvents(key: string, companyId: string, seen: number): Promise<any[]> {
  return (await eventsOf(key, companyId)).slice(seen);
}
