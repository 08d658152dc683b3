import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner } from '../support/event-log';
import { aCorp, anLlc, createCompany } from '../support/companies';
import { EVENT_TYPES } from '../../lib/resources/event';

useStackDatabase();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validatorOf = (type: string) =>
  ajv.compile(JSON.parse(readFileSync(join(__dirname, '..', '..', 'events-schema', 'events', `${type}.json`), 'utf8')));

describe('events recorded by the real operations match events-schema/', () => {
  it('company.created and service_order.status.changed of a created LLC and C-corp validate against their schemas', async () => {
    const p = await freshPartner('Event payload partner');
    await createCompany(p.testKey, anLlc());
    await createCompany(p.testKey, aCorp());
    const res = await api(p.testKey).get('/events?limit=100');
    expect(res.status).toBe(200);
    const types = new Set<string>(res.body.items.map((e: { type: string }) => e.type));
    expect(types).toEqual(new Set(['company.created', 'service_order.status.changed']));
    for (const event of res.body.items) {
      expect(Object.keys(EVENT_TYPES)).toContain(event.type);
      const validate = validatorOf(event.type);
      const valid = validate(event);
      expect({ type: event.type, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ type: event.type, errors: null });
    }
    // Company snapshots never carry open_requirements (spec Events).
    const company = res.body.items.find((e: { type: string }) => e.type === 'company.created');
    expect(company.data.object).not.toHaveProperty('open_requirements');
  });
});
