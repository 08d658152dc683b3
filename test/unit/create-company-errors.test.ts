import { createCompanyBody } from '../../lib/companies/schemas';
import { enforceCompanyRules } from '../../lib/companies/rules';
import { ApiError, parseOrRefuse } from '../../lib/errors';
import {
  COMPANY_RULE_NAMES,
  crossFieldRows,
  fullValidBody,
  problemsOf,
  refinementRows,
  schemaRows,
  validLlc,
  type ErrorRow,
} from '../support/create-company-errors';

/**
 * The error table of company creation: every rule of the body, broken one at a time, is refused with
 * the exact `validation_type` and a `how_to_fix` that names the field and shows a valid value instead
 * of restating the problem. The same checks run over HTTP for a sample of rows in
 * test/e2e/errors.test.ts.
 */

/** The body schema's refusal of a body, or nothing when it parses. */
function refusalOf(body: unknown): ApiError | undefined {
  try {
    const parsed = parseOrRefuse(createCompanyBody, body, 'body');
    enforceCompanyRules(parsed);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

const SCHEMA_ROWS = schemaRows();
const REFINEMENT_ROWS = refinementRows();
const CROSS_FIELD_ROWS = crossFieldRows();
const ALL: ErrorRow[] = [...SCHEMA_ROWS, ...REFINEMENT_ROWS, ...CROSS_FIELD_ROWS];

describe('the create-company error table', () => {
  it('starts from bodies the schema and the rules accept', () => {
    expect(() => parseOrRefuse(createCompanyBody, fullValidBody(), 'body')).not.toThrow();
    expect(refusalOf(validLlc())).toBeUndefined();
  });

  it('covers every field and keyword of the schema, and every cross-field rule', () => {
    // Counted so a shrinking table is noticed: 3 required fields, every type, enum, length, pattern,
    // format, bound, list size and unknown-field rule of the body and its nested objects.
    expect(SCHEMA_ROWS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CROSS_FIELD_ROWS.map((r) => (r as { rule: string }).rule))).toEqual(new Set(COMPANY_RULE_NAMES));
    for (const type of [
      'required',
      'type',
      'enum',
      'minLength',
      'maxLength',
      'pattern',
      'format',
      'minimum',
      'maximum',
      'maxItems',
      'additionalProperties',
      'propertyNames',
    ]) {
      expect(SCHEMA_ROWS.some((r) => r.validation_type === type)).toBe(true);
    }
    expect(new Set(ALL.map((r) => r.name)).size).toBe(ALL.length);
  });

  it.each(ALL.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const refusal = refusalOf(row.body);
    expect(refusal?.code).toBe('invalid_request');
    const entries = refusal!.errors!.filter((e) => e.location === row.location);
    const entry = entries.find((e) => e.validation_type === row.validation_type) ?? entries[0];
    expect({ location: row.location, problems: problemsOf(entry, row), entry }).toEqual({ location: row.location, problems: [], entry });
    // Every other entry of the refusal meets the same bar.
    for (const other of refusal!.errors!) {
      if (other === entry) continue;
      const otherRow = { ...row, location: other.location!, validation_type: other.validation_type! };
      expect({ other, problems: problemsOf(other, otherRow) }).toEqual({ other, problems: [] });
    }
  });

  it('reads a missing enum field as required, without listing its values', () => {
    const { state: _state, ...body } = validLlc();
    const [entry] = refusalOf(body)!.errors!;
    expect(entry).toEqual({
      reason: 'is required',
      location: '$.state',
      validation_type: 'required',
      how_to_fix: 'Send state: one of 51 values (AL, AK, AZ, AR, … DC; all listed in the API reference), such as "state": "DE".',
    });
  });
});
