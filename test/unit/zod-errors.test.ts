import { z } from 'zod';
import { fieldErrors, jsonPath, parseOrRefuse, ApiError } from '../../lib/errors';

describe('validation errors', () => {
  const schema = z.strictObject({
    name: z.string().max(5).regex(/^[a-z]+$/),
    state: z.enum(['DE', 'WY']),
    shareholders: z.array(z.strictObject({ email: z.email() })).max(2),
  });

  it('renders paths as JSONPath with array indexes', () => {
    expect(jsonPath(['shareholders', 2, 'email'])).toBe('$.shareholders[2].email');
    expect(jsonPath([])).toBe('$');
  });

  it('names each violating field with its schema keyword and a fix', () => {
    const result = schema.safeParse({ name: 'TOOLONG', state: 'CA', shareholders: [{ email: 'x' }], extra: 1 });
    const errors = fieldErrors(result.error!);
    const at = (loc: string) => errors.filter((e) => e.location === loc).map((e) => e.validation_type);
    expect(at('$.name')).toEqual(expect.arrayContaining(['maxLength', 'pattern']));
    expect(at('$.state')).toEqual(['enum']);
    expect(at('$.shareholders[0].email')).toEqual(['format']);
    expect(at('$.extra')).toEqual(['additionalProperties']);
    expect(errors.every((e) => e.how_to_fix)).toBe(true);
  });

  it('reports a missing field as required', () => {
    const errors = fieldErrors(schema.safeParse({ state: 'DE', shareholders: [] }).error!);
    expect(errors).toEqual([expect.objectContaining({ location: '$.name', validation_type: 'required', how_to_fix: 'Provide this field.' })]);
  });

  it('throws invalid_request carrying every field error', () => {
    try {
      parseOrRefuse(schema, { name: 1 }, 'body');
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_request');
      expect((error as ApiError).errors!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('carries validation_type and how_to_fix given by a custom rule', () => {
    const rule = z.string().superRefine((v, ctx) => {
      if (v.startsWith('The')) ctx.addIssue({ code: 'custom', message: 'must not start with "The"', params: { validation_type: 'not', how_to_fix: 'Drop the leading "The".' } });
    });
    const [error] = fieldErrors(z.object({ name: rule }).safeParse({ name: 'The Co' }).error!);
    expect(error).toEqual({ reason: 'must not start with "The"', location: '$.name', validation_type: 'not', how_to_fix: 'Drop the leading "The".' });
  });
});
