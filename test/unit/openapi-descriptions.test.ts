import { openApiDocument } from '../../lib/openapi/document';
import { undescribedFields } from '../../lib/openapi/describe-fields';
import { COMPANY_RULES } from '../../lib/companies/rules';
import { COMPANY_RULES_IN_THE_DOCUMENT, ifThen, requires } from '../../lib/companies/rules/in-the-document';

type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ path, method, op })),
);
const resolve = (value: Json): Json =>
  value.$ref
    ? resolve(
        value.$ref
          .slice(2)
          .split('/')
          .reduce((o: Json, k: string) => o[k], doc),
      )
    : value;

describe('the OpenAPI document carries the whole contract', () => {
  it('describes every operation', () => {
    const bare = operations.filter(({ op }) => typeof op.description !== 'string' || op.description.trim().length < 10);
    expect(bare.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('describes every parameter', () => {
    const bare = operations.flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .map(resolve)
        .filter((p: Json) => !p.description)
        .map((p: Json) => `${method.toUpperCase()} ${path} ${p.in}:${p.name}`),
    );
    expect(bare).toEqual([]);
  });

  it('describes every field of every request and response', () => {
    expect(undescribedFields(doc)).toEqual([]);
  });

  it('declares the headers a partner sends: Service-Version on keyed calls, Idempotency-Key where honoured, Service-Account on creation', () => {
    const names = (op: Json) =>
      (op.parameters ?? [])
        .map(resolve)
        .filter((p: Json) => p.in === 'header')
        .map((p: Json) => p.name);
    for (const { op } of operations.filter(({ op }) => (op.security ?? doc.security).length > 0))
      expect([op.operationId, names(op)]).toEqual([op.operationId, expect.arrayContaining(['Service-Version'])]);
    const create = operations.find(({ op }) => op.operationId === 'createCompany')!.op;
    expect(names(create)).toEqual(expect.arrayContaining(['Service-Version', 'Idempotency-Key', 'Service-Account']));
    const preview = operations.find(({ op }) => op.operationId === 'previewCompany')!.op;
    expect(names(preview)).toEqual(expect.arrayContaining(['Idempotency-Key', 'Service-Account']));
    expect((preview.parameters as Json[]).find((p) => p.name === 'Idempotency-Key')!.description).toMatch(/writes nothing/);
  });

  it('declares the multipart upload body: purpose, company, shareholder and the file', () => {
    const upload = operations.find(({ op }) => op.operationId === 'uploadFile')!.op;
    const schema = upload.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(['company', 'file', 'purpose', 'shareholder']);
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(expect.arrayContaining(['purpose', 'company', 'file']));
  });

  it('states every cross-field rule of company creation: in JSON Schema where it can, in its field’s words where not', () => {
    const body = resolve(
      operations.find(({ op }) => op.operationId === 'createCompany')!.op.requestBody.content['application/json'].schema,
    );
    for (const rule of COMPANY_RULES) {
      const stated = COMPANY_RULES_IN_THE_DOCUMENT.get(rule);
      expect([rule.name, stated !== undefined]).toEqual([rule.name, true]);
      for (const condition of stated?.conditions ?? []) expect(body.allOf).toContainEqual(condition);
      for (const [field, words] of stated?.described ?? [])
        expect([rule.name, field, body.properties[field].description]).toEqual([rule.name, field, expect.stringContaining(words)]);
    }
    // The C-corp's share structure, as a partner reads it.
    expect(body.allOf).toContainEqual(
      ifThen({ properties: { entity_type: { const: 'c_corp' } }, required: ['entity_type'] }, requires(['authorized_shares', 'par_value'])),
    );
    expect(body.properties.authorized_shares.description).toMatch(/Required for `c_corp`/);
  });

  it('returns on the Company what creation keeps: the C-corp share structure', () => {
    const company = doc.components.schemas.Company;
    expect(company.properties.authorized_shares.description).toMatch(/C-corp/);
    expect(company.properties.par_value.description).toMatch(/par value/);
  });
});
