import { hostedInvoiceUrl, HOSTED_LINK_LIFETIME_MS, readHostedToken } from '../../lib/billing/hosted-link';

const scope = { partnerId: 'ptr_1', mode: 'live' as const };
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('hosted invoice links', () => {
  it('name their invoice until they expire an hour after minting', () => {
    const token = tokenOf(hostedInvoiceUrl(scope, 'in_1', 1_000_000));
    expect(readHostedToken(token, 1_000_000 + HOSTED_LINK_LIFETIME_MS - 1)).toMatchObject({
      partnerId: 'ptr_1',
      mode: 'live',
      invoiceId: 'in_1',
    });
    expect(readHostedToken(token, 1_000_000 + HOSTED_LINK_LIFETIME_MS)).toBeUndefined();
  });

  it('refuse a token whose address or signature was changed', () => {
    const token = tokenOf(hostedInvoiceUrl(scope, 'in_1', 1_000_000));
    const [data, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'ptr_2', m: 'live', i: 'in_1', e: 9e15 })).toString('base64url');
    expect(readHostedToken(`${forged}.${mac}`, 1_000_000)).toBeUndefined();
    expect(readHostedToken(`${data}.${mac.slice(0, -1)}x`, 1_000_000)).toBeUndefined();
    expect(readHostedToken('garbage', 1_000_000)).toBeUndefined();
  });
});
