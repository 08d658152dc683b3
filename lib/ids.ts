import { randomInt } from 'node:crypto';

/** Prefixes of every id we mint (spec Conventions, and docs/api.md for ours). */
export const ID_PREFIXES = {
  company: 'cmp_',
  account: 'acct_',
  serviceOrder: 'so_',
  requirement: 'rqmt_',
  event: 'evt_',
  shareholder: 'sh_',
  fixedAsset: 'fxa_',
  file: 'file_',
  verificationSession: 'vs_',
  statusToken: 'stk_',
  taxFiling: 'tf_',
  calendarEvent: 'cal_',
  webhookEndpoint: 'we_',
  apiKey: 'key_',
  partner: 'ptr_',
  request: 'req_',
  invoice: 'in_',
  staffMember: 'stf_',
  dashboardSession: 'sess_',
  auditEntry: 'aud_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of [0-9A-Za-z] from a CSPRNG, without modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A new id: its kind's prefix + 22 characters [0-9A-Za-z] (about 131 bits). */
export function newId(kind: IdKind): string {
  return ID_PREFIXES[kind] + randomBase62(22);
}

/** The pattern an id of `kind` must match, e.g. `^cmp_[0-9A-Za-z]{22}$`. */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}[0-9A-Za-z]{22}$`);
}

export function isId(kind: IdKind, value: unknown): value is string {
  return typeof value === 'string' && idPattern(kind).test(value);
}

/** A well-formed id of `kind` that names nothing, for refusals and documentation to show the shape. */
export const exampleId = (kind: IdKind): string => `${ID_PREFIXES[kind]}7Hq2Lr9XvB3kTz5NcW1pYd`;
