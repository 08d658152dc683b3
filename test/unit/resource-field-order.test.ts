import { COMPANY_FIELDS, companySchema } from '../../lib/resources/company';
import { FILE_FIELDS, fileSchema } from '../../lib/resources/file';
import { REQUIREMENT_FIELDS, requirementSchema } from '../../lib/resources/requirement';
import { SERVICE_ORDER_FIELDS, serviceOrderSchema } from '../../lib/resources/service-order';

/**
 * The renderers write a resource's fields from a list of their own, so that rendering never builds the
 * schema (lib/resources/built-on-first-use.ts). The list must be the schema's fields, all of them and
 * in the schema's order: the order partners see is the spec's, and the OpenAPI document is the schema.
 */
describe.each([
  ['Company', COMPANY_FIELDS, companySchema],
  ['File', FILE_FIELDS, fileSchema],
  ['Requirement', REQUIREMENT_FIELDS, requirementSchema],
  ['ServiceOrder', SERVICE_ORDER_FIELDS, serviceOrderSchema],
] as const)('the %s renderer', (_name, fields, schema) => {
  it("writes the schema's fields, every one and in its order", () => {
    expect([...fields]).toEqual(Object.keys(schema().shape));
  });
});

describe('schemas built on first use', () => {
  it('gives the same schema object every time, so an id is one component wherever it is used', () => {
    expect(companySchema()).toBe(companySchema());
    expect(requirementSchema()).toBe(requirementSchema());
  });
});
