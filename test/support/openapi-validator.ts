import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks a response the e2e tests receive against docs/openapi.json: the body of a registered
 * operation's answer must match the schema the document gives for its status (or `default`).
 * Answers of paths or methods the document does not register are skipped, so areas whose operations
 * are not described yet are not blocked.
 */
const DOC_ID = 'https://partner-api.local/openapi.json';
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

let state: { ajv: Ajv2020; paths: { regex: RegExp; template: string; item: Record<string, Operation> }[] } | undefined;
const compiled = new Map<string, ValidateFunction>();

function load() {
  if (state) return state;
  const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const paths = Object.entries(doc.paths as Record<string, Record<string, Operation>>).map(([template, item]) => ({
    template,
    item,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z]+\}/g, '[^/]+')}/?$`),
  }));
  // Literal templates before templated ones, as the router prefers them.
  paths.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  state = { ajv, paths };
  return state;
}

const eventValidators = new Map<string, ValidateFunction | null>();

/**
 * Throws unless every event matches the exact schema of its type in events-schema/events/ (a type
 * without a file there is skipped: new types may appear). Not applied to every GET /events answer,
 * because tests of the log itself record synthetic snapshots; payload tests call it on real events.
 */
export function checkEventsAgainstSchemas(events: any[]): void {
  const { ajv } = load();
  for (const event of events) {
    const type = String(event?.type);
    if (!eventValidators.has(type)) {
      const file = join(__dirname, '..', '..', 'events-schema', 'events', `${type}.json`);
      eventValidators.set(type, existsSync(file) ? ajv.compile(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    const validate = eventValidators.get(type);
    if (validate && !validate(event)) {
      throw new Error(
        `${type}: the event does not match events-schema/events/${type}.json: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(event).slice(0, 2000)}`,
      );
    }
  }
}

/** Throws when `body` does not match the document's schema for `method path → status`. */
export function checkAgainstOpenApi(method: string, path: string, status: number, body: unknown, contentType: string | null): void {
  if (!contentType?.includes('application/json')) return;
  const { ajv, paths } = load();
  const match = paths.find((p) => p.regex.test(path));
  const operation = match?.item[method.toLowerCase()];
  if (!match || !operation) return;
  const response = operation.responses[String(status)] ?? operation.responses.default;
  const schema = response?.content?.['application/json']?.schema as { $ref?: string } | undefined;
  if (!schema) return;
  const key = `${method} ${match.template} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`));
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${key}: the response does not match docs/openapi.json: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
