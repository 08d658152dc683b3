import { hostedInvoiceUrl, HOSTED_LINK_LIFETIME_MS, readHostedToken } from '../../lib/billing/hosted-link';
import { macOf } from '../../lib/signing-keys/key-set';

const scope = { partnerId: 'ptr_1', mode: 'live' as const };
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('hosted invoice links', () => {
  it('name their invoice until they expire an hour after minting', async () => {
    const token = tokenOf(await hostedInvoiceUrl(scope, 'in_1', 1_000_000));
    expect(await readHostedToken(token, 1_000_000 + HOSTED_LINK_LIFETIME_MS - 1)).toMatchObject({
      partnerId: 'ptr_1',
      mode: 'live',
      invoiceId: 'in_1',
    });
    expect(await readHostedToken(token, 1_000_000 + HOSTED_LINK_LIFETIME_MS)).toBeUndefined();
  });

  it('refuse a token whose address or signature was changed', async () => {
    const token = tokenOf(await hostedInvoiceUrl(scope, 'in_1', 1_000_000));
    const [data, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'ptr_2', m: 'live', i: 'in_1', e: 9e15 })).toString('base64url');
    expect(await readHostedToken(`${forged}.${mac}`, 1_000_000)).toBeUndefined();
    expect(await readHostedToken(`${data}.${mac.slice(0, -1)}x`, 1_000_000)).toBeUndefined();
    expect(await readHostedToken('garbage', 1_000_000)).toBeUndefined();
  });

  it('refuse a correctly signed link that claims to live longer than the documented hour', async () => {
    // Signed with the very key the links are signed with: only the cap refuses it.
    const data = Buffer.from(JSON.stringify({ p: 'ptr_1', m: 'live', i: 'in_1', e: 1_000_000 + HOSTED_LINK_LIFETIME_MS + 1 })).toString(
      'base64url',
    );
    const token = `${data}.${macOf('local-development-hosted-link-key', data)}`;
    expect(await readHostedToken(token, 1_000_000)).toBeUndefined();
    // One minute later the same link is within its hour, and valid.
    expect(await readHostedToken(token, 1_000_000 + 60_000)).toMatchObject({ invoiceId: 'in_1' });
  });

  it('are not signed with the cursor key: a link MACed with it is refused', async () => {
    const data = Buffer.from(JSON.stringify({ p: 'ptr_1', m: 'live', i: 'in_1', e: 1_000_000 + 60_000 })).toString('base64url');
    expect(await readHostedToken(`${data}.${macOf('local-development-cursor-signing-key', data)}`, 1_000_000)).toBeUndefined();
  });
});
