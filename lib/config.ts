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
 */
const LIVE: Config = {
  get tableName() {
    return process.env.TABLE_NAME ?? 'partner-api';
  },
  get dynamodbEndpoint() {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  get region() {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  get docsUrl() {
    return process.env.DOCS_URL ?? `${this.publicUrl}/docs`;
  },
  get publicUrl() {
    return process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000';
  },
  get stage() {
    return process.env.STAGE ?? 'local';
  },
  get issuer() {
    return {
      name: process.env.INVOICE_ISSUER_NAME ?? 'Partner API',
      // Lines separated by `|` in one variable: "100 Main Street|Wilmington, DE 19801|billing@example.com".
      lines: (process.env.INVOICE_ISSUER_LINES ?? `Wholesale billing|${new URL(this.publicUrl).host}`).split('|').filter(Boolean),
    };
  },
};

export function config(): Config {
  return LIVE;
}

/** True on the embedded default (and in tests), where plain-http localhost URLs are allowed. */
export function isLocal(): boolean {
  return config().stage === 'local';
}
