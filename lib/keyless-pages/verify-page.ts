import { html } from '../html';
import { page } from './layout';

/** The owner's upload page: works without scripts; on a phone the file picker offers the camera. */
export function verifyUploadPage(input: { ownerFirstName: string; companyName: string; expiresAt: string; error?: string }): string {
  return page(
    'Verify your identity',
    html`<div class="card">
  <h1>Hi ${input.ownerFirstName}, please verify your identity</h1>
  <p>To form <strong>${input.companyName}</strong>, the state filing needs a copy of your passport or another government ID.</p>
  ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
  <form method="post" enctype="multipart/form-data">
    <label for="file">Photo or scan of your ID (JPEG, PNG or PDF, up to 4 MB)</label>
    <input id="file" name="file" type="file" accept="image/jpeg,image/png,application/pdf" capture="environment" required>
    <button type="submit">Send my document</button>
  </form>
  <p class="muted">This link works until ${input.expiresAt.slice(0, 16).replace('T', ' ')} UTC and can be used once.</p>
</div>`,
  );
}

export function verifyDonePage(): string {
  return page(
    'Document received',
    html`<div class="card"><h1>Thank you, we have your document</h1><p>Nothing more is needed from you on this link. You can close this page.</p></div>`,
  );
}

export function verifyExpiredPage(): string {
  return page(
    'This link has expired',
    html`<div class="card"><h1>This link has expired</h1><p>For your security, verification links work for 30 minutes. Ask whoever sent it for a new link.</p></div>`,
  );
}

export function verifyNotFoundPage(): string {
  return page(
    'Link not found',
    html`<div class="card"><h1>This verification link does not work</h1><p>Check that you opened the whole link, or ask for a new one.</p></div>`,
  );
}
