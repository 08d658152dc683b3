import { randomBytes } from 'node:crypto';
import { api } from './http';

/** A unique suffix of letters, so generated company names satisfy the name pattern and never collide. */
export function uniqueWord(length = 10): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(length)].map((b) => letters[b % 26]).join('');
}

export function anAccount(overrides: Record<string, unknown> = {}) {
  return { first_name: 'Ada', last_name: 'Lovelace', email: `ada.${uniqueWord(6)}@example.com`, ...overrides };
}

/** A valid LLC creation body with a new account alongside; override any field. */
export function anLlc(overrides: Record<string, unknown> = {}) {
  return { name: `Acme ${uniqueWord()}`, state: 'WY', entity_type: 'llc', account: anAccount(), ...overrides };
}

export function aCorp(overrides: Record<string, unknown> = {}) {
  return {
    name: `Acme ${uniqueWord()}`,
    state: 'DE',
    entity_type: 'c_corp',
    authorized_shares: 10_000_000,
    par_value: 0.0001,
    account: anAccount(),
    ...overrides,
  };
}

export function anOwner(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace.${uniqueWord(6)}@example.com`,
    ownership_percentage: 100,
    main_incorporator: true,
    ...overrides,
  };
}

/** Creates a company and fails loudly if it was not created. */
export async function createCompany(
  key: string,
  body: Record<string, unknown> = anLlc(),
  headers: Record<string, string> = {},
  query = '',
) {
  const res = await api(key).post(`/companies${query}`, body, headers);
  if (res.status !== 201) throw new Error(`company not created: ${res.status} ${res.text}`);
  return res.body;
}
