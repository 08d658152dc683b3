import { checkWebhookUrl, DNS_TIMEOUT_MS, isPublicAddress, setResolver } from '../../lib/webhooks/url-safety';

let restore: () => void;
const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'internal.example.com': ['10.0.0.7'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.1'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['2606:4700::6810:85e5'],
  'v6-private.example.com': ['fd00:ec2::254'],
};
beforeAll(() => {
  restore = setResolver(async (host) => {
    if (!dns[host]) throw new Error('ENOTFOUND');
    return dns[host];
  });
});
afterAll(() => restore());

const production = { local: false };

describe('webhook URL safety', () => {
  it('accepts an https URL whose host resolves only to public addresses', async () => {
    expect((await checkWebhookUrl('https://hooks.example.com/in', 'live', production)).ok).toBe(true);
    expect((await checkWebhookUrl('https://v6.example.com/in', 'live', production)).ok).toBe(true);
  });

  it('refuses plain http in live mode but accepts it in test mode', async () => {
    const live = await checkWebhookUrl('http://hooks.example.com/in', 'live', production);
    expect(live).toMatchObject({ ok: false, reason: expect.stringMatching(/https/) });
    expect((await checkWebhookUrl('http://hooks.example.com/in', 'test', production)).ok).toBe(true);
  });

  it.each([
    ['a private address', 'https://internal.example.com/'],
    ['one private address among public ones', 'https://mixed.example.com/'],
    ['the metadata service', 'https://metadata.example.com/'],
    ['a private IPv6 address', 'https://v6-private.example.com/'],
    ['a literal loopback address', 'https://127.0.0.1/'],
    ['a literal link-local address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/'],
    ['localhost', 'https://localhost/'],
    ['an IPv4-compatible loopback address (::/96)', 'https://[::7f00:1]/'],
    ['an IPv4-compatible public address (::/96, deprecated)', 'https://[::808:808]/'],
    ['the unspecified IPv6 address', 'https://[::]/'],
    ['an IPv4-translated loopback address (::ffff:0:0:0/96)', 'https://[::ffff:0:7f00:1]/'],
    ['an IPv4-translated public address (::ffff:0:0:0/96)', 'https://[::ffff:0:808:808]/'],
  ])('refuses a host resolving to %s in either mode', async (_what, url) => {
    expect((await checkWebhookUrl(url, 'live', production)).ok).toBe(false);
    expect((await checkWebhookUrl(url, 'test', production)).ok).toBe(false);
  });

  it('refuses hosts that do not resolve, other schemes, credentials and non-URLs', async () => {
    for (const url of ['https://nowhere.example.com/', 'ftp://hooks.example.com/', 'https://u:p@hooks.example.com/', 'not a url']) {
      expect((await checkWebhookUrl(url, 'test', production)).ok).toBe(false);
    }
  });

  it('allows loopback over http in the embedded default, in both modes, but still no other private address', async () => {
    for (const url of ['http://127.0.0.1:4000/hook', 'http://localhost:4000/hook', 'http://[::1]:4000/hook']) {
      expect((await checkWebhookUrl(url, 'live', { local: true })).ok).toBe(true);
    }
    expect((await checkWebhookUrl('https://internal.example.com/', 'test', { local: true })).ok).toBe(false);
  });

  it('gives up on a name server that never answers, after DNS_TIMEOUT_MS, as a host that does not resolve in time', async () => {
    const hanging = setResolver(() => new Promise<string[]>(() => {}));
    jest.useFakeTimers();
    try {
      const verdict = checkWebhookUrl('https://slow-dns.example.com/in', 'live', production);
      await jest.advanceTimersByTimeAsync(DNS_TIMEOUT_MS);
      await expect(verdict).resolves.toMatchObject({
        ok: false,
        reason: `The host slow-dns.example.com did not resolve within ${DNS_TIMEOUT_MS / 1000} s.`,
      });
    } finally {
      jest.useRealTimers();
      hanging();
    }
  });

  it('takes port 443 only in live mode (stated), any port in test mode', async () => {
    for (const url of ['https://hooks.example.com:8443/in', 'https://hooks.example.com:22/in', 'https://hooks.example.com:6379/']) {
      expect(await checkWebhookUrl(url, 'live', production)).toMatchObject({ ok: false, reason: expect.stringContaining('port 443') });
      expect((await checkWebhookUrl(url, 'test', production)).ok).toBe(true);
    }
    expect((await checkWebhookUrl('https://hooks.example.com:443/in', 'live', production)).ok).toBe(true);
  });

  it('classifies addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('172.20.1.1')).toBe(false);
    expect(isPublicAddress('fe80::1')).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::7f00:1')).toBe(false);
    expect(isPublicAddress('::a00:1')).toBe(false);
    expect(isPublicAddress('::ffff:0:7f00:1')).toBe(false);
    expect(isPublicAddress('0:0:0:0:ffff:0:a00:1')).toBe(false);
  });
});
