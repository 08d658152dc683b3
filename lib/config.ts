/**
 * Runtime configuration, read from the environment once. Only configuration differs between the
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

export function config(): Config {
  const publicUrl = process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000';
  return {
    tableName: process.env.TABLE_NAME ?? 'partner-api',
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    region: process.env.AWS_REGION ?? 'us-east-1',
    docsUrl: process.env.DOCS_URL ?? `${publicUrl}/docs`,
    publicUrl,
    stage: process.env.STAGE ?? 'local',
    // Built when read: every store call reads the table name here, and parsing the URL cost each of them
    // more than the rest (a CPU profile of the hot path, docs/decisions.md "Where a request's time goes").
    get issuer() {
      return {
        name: process.env.INVOICE_ISSUER_NAME ?? 'Partner API',
        // Lines separated by `|` in one variable: "100 Main Street|Wilmington, DE 19801|billing@example.com".
        lines: (process.env.INVOICE_ISSUER_LINES ?? `Wholesale billing|${new URL(publicUrl).host}`).split('|').filter(Boolean),
      };
    },
  };
}

/** True on the embedded default (and in tests), where plain-http localhost URLs are allowed. */
export function isLocal(): boolean {
  return config().stage === 'local';
}
