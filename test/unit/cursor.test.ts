import { decodeCursor, encodeCursor, listingFingerprint } from '../../lib/paging/cursor';
import { ApiError } from '../../lib/errors';

describe('page cursors', () => {
  const listing = listingFingerprint({ route: 'events', partner: 'ptr_x', mode: 'test', type: ['a'] });

  it('round-trips a position on the listing that minted it', async () => {
    expect(await decodeCursor(listing, await encodeCursor(listing, { sk: '2026#evt_1' }), 'after')).toEqual({ sk: '2026#evt_1' });
  });

  it('fingerprints a listing independently of key order', () => {
    expect(listingFingerprint({ a: 1, b: [2] })).toBe(listingFingerprint({ b: [2], a: 1 }));
  });

  it('refuses a cursor minted for another listing', async () => {
    const other = listingFingerprint({ route: 'events', partner: 'ptr_x', mode: 'live', type: ['a'] });
    const cursor = await encodeCursor(other, { sk: 'x' });
    await expect(decodeCursor(listing, cursor, 'after')).rejects.toThrow(/different listing/);
  });

  it('refuses a tampered or garbled cursor with invalid_request on the parameter', async () => {
    const cursor = await encodeCursor(listing, { sk: 'x' });
    const [data, sig] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ l: listing, p: { sk: 'y' } })).toString('base64url') + '.' + sig;
    for (const bad of [forged, `${data}.AAAA`, 'garbage', '']) {
      try {
        await decodeCursor(listing, bad, 'before');
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).code).toBe('invalid_request');
        expect((error as ApiError).errors?.[0].location).toBe('$.before');
      }
    }
  });
});
