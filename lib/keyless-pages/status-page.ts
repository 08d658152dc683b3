import type { StatusView } from '../status-tokens/status-view';
import { html } from '../html';
import { page } from './layout';

const STEPS: { stage: string; text: string }[] = [
  { stage: 'preparing_documents', text: 'Preparing documents' },
  { stage: 'documents_generated', text: 'Documents ready' },
  { stage: 'signature_requested', text: 'Signatures' },
  { stage: 'submitted_to_state', text: 'Filed with the state' },
  { stage: 'incorporated', text: 'Incorporated' },
];

/** The status link's page: the company's name, its status in words, and the formation steps. */
export function statusPage(view: StatusView): string {
  const reached = STEPS.findIndex((s) => s.stage === view.stage);
  const steps =
    view.stage && view.stage !== 'closed' && view.stage !== 'name_conflict'
      ? html`<div class="card"><ol class="steps">${STEPS.map((s, i) => html`<li class="${i < reached || view.stage === 'incorporated' ? 'done' : i === reached ? 'current' : ''}">${s.text}</li>`)}</ol></div>`
      : '';
  return page(
    `${view.company_name}: ${view.status_title}`,
    html`<div class="card">
  <p class="muted">Company status</p>
  <h1>${view.company_name}</h1>
  <p><span class="badge" data-status="${view.status}">${view.status_title}</span></p>
  <p>${view.status_detail}</p>
  ${view.stage_text ? html`<p><strong>Current step:</strong> ${view.stage_text}</p>` : ''}
  ${view.incorporation_date ? html`<p><strong>Formed on:</strong> ${view.incorporation_date} (${view.state})</p>` : ''}
</div>
${steps}
<p class="muted">Last updated ${view.updated_at.slice(0, 16).replace('T', ' ')} UTC. This page updates as the formation moves on.</p>`,
  );
}

export function statusNotFoundPage(): string {
  return page(
    'Status link not found',
    html`<div class="card"><h1>This status link does not work</h1><p>It may have been withdrawn. Ask whoever sent it for a new one.</p></div>`,
  );
}
