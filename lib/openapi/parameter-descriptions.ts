/**
 * What each query parameter means where its schema does not say it: by operation and name
 * (`listCompanies.status`), else by name alone. Path ids describe themselves (lib/input/id-param.ts).
 * The OpenAPI document reads this (lib/openapi/document.ts); a test fails on a parameter without one.
 */
export const PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  after: 'The `end_cursor` of a page, to get the page after it.',
  before: 'The `start_cursor` of a page, to get the page before it; cannot be combined with `after`.',
  account_id: 'Only the companies of this account (`acct_…`).',
  external_id: 'Only the object with this `external_id` of yours.',
  'listCompanies.status': 'Only companies with this `status`.',
  'listInvoices.status': 'Only invoices with this `status`.',
  'listRequestLogs.status': 'Only requests answered with this HTTP status (three digits).',
  'status[gte]': 'Only requests answered with this HTTP status or higher.',
  'status[lt]': 'Only requests answered with an HTTP status below this one.',
  method: 'Only requests of this HTTP method.',
  path: 'Only requests to this exact path (such as `/v1/companies`).',
  name: 'The name to check, without its ending (the rules of a company’s `name`).',
  state: 'The formation state to check it in, as its two-letter code.',
  entity_type: '`llc` or `c_corp`: the ending the name would take.',
  invoiceID: 'The invoice’s id, as the API returned it (invoice ids are opaque).',
  index: 'The signer’s place in the requirement’s `signers` list, from 0.',
  token: 'The secret of the link, as the API handed it out.',
  session: 'The secret of the verification session’s link, as the API handed it out.',
};
