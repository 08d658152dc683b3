import type { FormFields } from './types';

/**
 * The pages' forms mapped onto the JSON face's bodies, so one schema (and one rule set) validates
 * both: a refused form shows the same field errors a script would get.
 */
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const many = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean);
const list = (v: string | string[] | undefined) => (one(v) ?? '').split(/[\s,]+/).filter(Boolean);

/** `<input type=datetime-local>` sends `2027-01-31T09:30` without a zone: the form says UTC. */
function utcFromLocalInput(v: string | undefined): string | undefined {
  if (!v) return undefined;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00Z` : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(v) ? `${v}Z` : v;
}

export function keyFormToBody(form: FormFields) {
  const scopes = many(form.scopes);
  const ips = list(form.allowed_ips);
  return {
    livemode: one(form.mode) === 'live',
    name: one(form.name),
    // A form cannot send an empty list apart from no list: no box ticked is scopes left out, a key
    // holding every scope, as the page says beside the boxes (docs/decisions.md, "API keys in the dashboard").
    scopes: scopes.length ? scopes : undefined,
    expires_at: utcFromLocalInput(one(form.expires_at)),
    allowed_ips: ips.length ? ips : undefined,
  };
}

export function endpointFormToBody(form: FormFields) {
  const events = list(form.enabled_events);
  return {
    url: one(form.url) ?? '',
    livemode: one(form.mode) === 'live',
    enabled_events: events.length ? events : undefined,
    description: one(form.description),
  };
}

/** The endpoint page's edit form: every field is shown filled in, so each is sent; empty event types = every event. */
export function endpointEditFormToBody(form: FormFields) {
  return {
    url: one(form.url) ?? '',
    enabled_events: list(form.enabled_events),
    description: one(form.description) ?? '',
  };
}

export function settingsFormToBody(form: FormFields) {
  return { api_version: one(form.api_version), webhook_version: one(form.webhook_version) };
}

export function field(form: FormFields | undefined, name: string): string | undefined {
  return form ? one(form[name]) : undefined;
}

/** The recover form: `since` from a datetime-local input, read as UTC as the form says. */
export function recoverFormToBody(form: FormFields) {
  return { since: utcFromLocalInput(one(form.since)) ?? '' };
}
