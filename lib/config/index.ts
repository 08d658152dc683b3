import { ConfigurationError, problemsOf, variable } from './variables';

/**
 * Runtime configuration, read from the environment. Only configuration differs between the
 * embedded default and AWS: nothing else in lib/ knows where it runs.
 */
export interface Config {
  tableName: string;
  /** Set for DynamoDB Local; absent in AWS, where the SDK finds the regional endpoint. */
  dynamodbEndpoint?: string;
  region: string;
  /** Where `type` links of the error envelope point: `{docsUrl}/partner/errors#<code>`. */
  docsUrl: string;
  /** Public origin of this deployment, e.g. `https://api.example.com` (status links, dashboard). */
  publicUrl: string;
  stage: string;
  /** Who issues the wholesale invoices: name, then address and contact lines (the hosted invoice and its PDF). */
  issuer: { name: string; lines: string[] };
}

/**
 * Each field is read from the environment when it is read, not when `config()` is called: tests change
 * the variables at run time, and a store call, which reads the table name alone, no longer reads all
 * seven (that was ~4% of a page of events' own time: docs/decisions.md, "Round trips of a request").
 * Names and values when unset: lib/config/variables.ts, whose schema a deployed function's cold start
 * parses (lib/config/cold-start.ts). `stage` fails closed: unset, it throws; it never means local.
 */
const LIVE: Config = {
  get tableName() {
    return variable('TABLE_NAME') as string;
  },
  get dynamodbEndpoint() {
    return variable('DYNAMODB_ENDPOINT');
  },
  get region() {
    return variable('AWS_REGION') as string;
  },
  get docsUrl() {
    return variable('DOCS_URL') ?? `${this.publicUrl}/docs`;
  },
  get publicUrl() {
    return variable('PUBLIC_URL') as string;
  },
  get stage() {
    const stage = variable('STAGE');
    if (!stage) throw new ConfigurationError(problemsOf({ ...process.env, STAGE: undefined }).filter((p) => p.name === 'STAGE'));
    return stage;
  },
  get issuer() {
    return {
      name: variable('INVOICE_ISSUER_NAME') as string,
      // Lines separated by `|` in one variable: "100 Main Street|Wilmington, DE 19801|billing@example.com".
      lines: (variable('INVOICE_ISSUER_LINES') ?? `Wholesale billing|${new URL(this.publicUrl).host}`).split('|').filter(Boolean),
    };
  },
};

export function config(): Config {
  return LIVE;
}

/** True on the embedded default (and in tests), where plain-http localhost URLs are allowed. Throws when STAGE is unset. */
export function isLocal(): boolean {
  return config().stage === 'local';
}
