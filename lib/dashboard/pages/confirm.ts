import { csrfField, html } from './html';

/**
 * A destructive act asks first, with no script (the dashboard has none): the first button only opens
 * the question, what the act does, and the button that does it, naming what it acts on. The endpoint
 * page's delete asks the same way.
 */
export function askFirst(input: {
  csrfToken: string;
  action: string;
  opener: string;
  question: string;
  warning: string;
  confirm: string;
  confirmName?: string;
}) {
  return html`<details class="ask"><summary class="danger">${input.opener}</summary><div class="ask-body" role="group" aria-label="${input.question}"><p><strong>${input.question}</strong> ${input.warning}</p>
    <form class="inline" method="post" action="${input.action}">${csrfField(input.csrfToken)}<button class="danger" type="submit"${input.confirmName ? html` aria-label="${input.confirmName}"` : ''}>${input.confirm}</button></form></div></details>`;
}
