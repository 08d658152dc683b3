import type { ApiError } from '../../errors';
import { html, type Raw } from './html';

/**
 * A refused form, to show again on its own page: what was typed, and each refusal beside its field
 * (docs/decisions.md, "The dashboard with nothing missing"): the person corrects one field instead of starting over.
 */
export interface FormState {
  values: Record<string, string>;
  /** Field name → what is wrong and how to fix it. */
  errors: Record<string, string>;
  /** The refusal as a whole (for refusals that name no field). */
  detail?: string;
  /** Its error code, as the error pages show it. */
  code?: string;
}

/** `$.scopes[0]` → `scopes`, `$.url` → `url`. */
const fieldOf = (location: string | undefined) => location?.replace(/^\$\./, '').replace(/[[.].*$/, '') ?? '';

export function formStateOf(error: ApiError, form: Record<string, string | string[]> | undefined): FormState {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(form ?? {}))
    if (name !== 'csrf_token') values[name] = Array.isArray(value) ? value.join(', ') : value;
  const errors: Record<string, string> = {};
  for (const e of error.errors ?? []) {
    const name = fieldOf(e.location);
    errors[name] = [errors[name], `${e.reason}${e.how_to_fix ? ` — ${e.how_to_fix}` : ''}`].filter(Boolean).join(' ');
  }
  return { values, errors, detail: error.detail, code: error.code };
}

/** The value to show in a field: what was typed, else the stored value. */
export const typedValue = (state: FormState | undefined, name: string, stored = '') => state?.values[name] ?? stored;

/** The refusal of one field, right under it (the input names it in `aria-describedby`). */
export const fieldError = (state: FormState | undefined, name: string): Raw | string =>
  state?.errors[name] ? html`<p class="field-error" id="${name}-error">${state.errors[name]}</p>` : '';

/** `aria-invalid` and `aria-describedby` for an input whose value was refused. */
export const invalidAttrs = (state: FormState | undefined, name: string) =>
  state?.errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : '';

/** Above the form: that it was refused, and what no field explains. */
export const formSummary = (state: FormState | undefined): Raw | string =>
  state
    ? html`<div class="error" role="alert"><p><strong>Not saved.</strong> ${state.detail ?? 'Fix the fields marked below.'}</p>${
        state.errors[''] ? html`<p>${state.errors['']}</p>` : ''
      }${state.code ? html`<p class="hint">(code <code>${state.code}</code>)</p>` : ''}</div>`
    : '';
