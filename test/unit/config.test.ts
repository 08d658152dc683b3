import { config } from '../../lib/config';

/** `config()` reads each field from the environment when the field is read (lib/config.ts). */
describe('the runtime configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['TABLE_NAME', 'PUBLIC_URL', 'DOCS_URL', 'STAGE', 'DYNAMODB_ENDPOINT']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('follows a variable changed after config() was called, field by field', () => {
    const c = config();
    process.env.TABLE_NAME = 'first';
    expect(c.tableName).toBe('first');
    process.env.TABLE_NAME = 'second';
    expect(config().tableName).toBe('second');
    process.env.DYNAMODB_ENDPOINT = '';
    expect(config().dynamodbEndpoint).toBeUndefined();
  });

  it('derives the docs address from the public one unless DOCS_URL is set', () => {
    process.env.PUBLIC_URL = 'https://api.example.com';
    delete process.env.DOCS_URL;
    expect(config().docsUrl).toBe('https://api.example.com/docs');
    expect(config().issuer.lines).toContain('api.example.com');
    process.env.DOCS_URL = 'https://docs.example.com';
    expect(config().docsUrl).toBe('https://docs.example.com');
  });

  it('falls back to the embedded default where a variable is unset', () => {
    delete process.env.TABLE_NAME;
    delete process.env.STAGE;
    expect(config()).toMatchObject({ tableName: 'partner-api', stage: 'local' });
  });
});
