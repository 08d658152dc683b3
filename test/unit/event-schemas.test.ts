import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { generatedFiles } from '../../lib/openapi/generated-files';
import { narrowings } from '../support/schema-compat';

const root = join(__dirname, '..', '..');
const { files } = generatedFiles();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const listJson = (dir: string): string[] =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${dir}/${f}`)
    : [];

describe('generated schemas are up to date (npm run schemas)', () => {
  it.each(Object.keys(files))('%s matches the zod schemas in lib/', (path) => {
    expect(existsSync(join(root, path))).toBe(true);
    expect(read(path)).toBe(files[path]);
  });

  it('events-schema/ holds no file the generator no longer writes', () => {
    const onDisk = [...listJson('events-schema/events'), ...listJson('events-schema/resources')];
    expect(onDisk.filter((p) => !(p in files))).toEqual([]);
  });
});

describe('event schemas stay compatible with their published baseline', () => {
  const baselines = [...listJson('events-schema/baseline/events'), ...listJson('events-schema/baseline/resources')];

  it('has a baseline for every generated event type and resource', () => {
    const generated = Object.keys(files).filter((p) => p.startsWith('events-schema/'));
    expect(generated.filter((p) => !baselines.includes(p.replace('events-schema/', 'events-schema/baseline/')))).toEqual([]);
  });

  it.each(baselines)('%s: no field removed or narrowed', (baselinePath) => {
    const current = baselinePath.replace('events-schema/baseline/', 'events-schema/');
    expect(files[current]).toBeDefined();
    expect(narrowings(JSON.parse(read(baselinePath)), JSON.parse(files[current]))).toEqual([]);
  });
});

describe('the compatibility check itself', () => {
  const before = {
    type: 'object',
    properties: { id: { type: 'string' }, status: { type: 'string', enum: ['open', 'paid'] }, note: { type: 'string', maxLength: 50 } },
    required: ['id', 'status'],
    additionalProperties: false,
  };
  const edit = (f: (s: any) => void) => {
    const s = structuredClone(before);
    f(s);
    return narrowings(before, s);
  };

  it('accepts additions and loosening', () => {
    expect(edit((s) => (s.properties.extra = { type: 'number' }))).toEqual([]);
    expect(edit((s) => s.properties.status.enum.push('void'))).toEqual([]);
    expect(edit((s) => (s.properties.note.maxLength = 500))).toEqual([]);
    expect(edit((s) => s.required.push('note'))).toEqual([]);
  });

  it('reports a removed field, a field no longer required, a narrowed enum, type or bound', () => {
    expect(edit((s) => delete s.properties.note)).toEqual(['$.note: removed']);
    expect(edit((s) => (s.required = ['id']))).toEqual(['$.status: no longer always present']);
    expect(edit((s) => (s.properties.status.enum = ['open']))).toEqual(['$.status: enum no longer allows paid']);
    expect(edit((s) => (s.properties.id.type = 'integer'))).toEqual(['$.id: type narrowed from string to integer']);
    expect(edit((s) => (s.properties.note.maxLength = 10))).toEqual(['$.note: maxLength tightened to 10']);
    expect(edit((s) => (s.properties.id.pattern = '^x'))).toEqual(['$.id: pattern changed to ^x']);
  });

  it('follows $ref into $defs', () => {
    const b = { $ref: '#/$defs/A', $defs: { A: { type: 'object', properties: { a: { type: 'string' } } } } };
    const a = { $ref: '#/$defs/A', $defs: { A: { type: 'object', properties: {} } } };
    expect(narrowings(b, a)).toEqual(['$.a: removed']);
  });
});

describe('per-type event schemas accept real events and nothing more', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schema = JSON.parse(files['events-schema/events/requirement.created.json']);
  const validate = ajv.compile(schema);
  const event = {
    object: 'event',
    id: 'evt_' + 'a'.repeat(22),
    type: 'requirement.created',
    company_id: 'cmp_' + 'b'.repeat(22),
    data: {
      object: {
        object: 'requirement',
        id: 'rqmt_' + 'c'.repeat(22),
        company: 'cmp_' + 'b'.repeat(22),
        type: 'name_change',
        status: 'open',
        requested_by: 'system',
        message: 'The name is taken in DE.',
        livemode: false,
        created_at: '2026-11-22T05:00:00.000Z',
      },
    },
    livemode: false,
    timestamp: '2026-11-22T05:00:00.000Z',
    created_at: '2026-11-22T05:00:00.000Z',
  };

  it('accepts a requirement.created event', () => {
    expect(validate(event)).toBe(true);
  });

  it('refuses another type, a missing company_id, an extra field, and a wrong embedded object', () => {
    expect(validate({ ...event, type: 'requirement.fulfilled' })).toBe(false);
    const { company_id: _c, ...withoutCompany } = event;
    expect(validate(withoutCompany)).toBe(false);
    expect(validate({ ...event, extra: 1 })).toBe(false);
    expect(validate({ ...event, data: { object: { ...event.data.object, object: 'invoice' } } })).toBe(false);
  });
});
