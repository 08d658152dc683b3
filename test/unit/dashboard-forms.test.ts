import { endpointFormToBody, keyFormToBody } from '../../lib/http/dashboard/forms';
import { parseForm } from '../../lib/http/dashboard/body';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { esc, html } from '../../lib/dashboard/pages/html';
import { createKeyBody } from '../../lib/dashboard/api-keys';
import { ApiError, parseOrRefuse } from '../../lib/errors';

describe('dashboard forms', () => {
  it('maps the key form onto the JSON body: ticked scopes, UTC expiry, listed addresses', () => {
    const form = parseForm(
      'mode=live&name=+Ops+&scopes=companies%3Aread&scopes=events%3Aread&expires_at=2030-05-01T10%3A30&allowed_ips=203.0.113.0%2F24%2C+198.51.100.7%0A2001%3Adb8%3A%3A%2F32',
    );
    expect(keyFormToBody(form)).toEqual({
      livemode: true,
      name: 'Ops',
      scopes: ['companies:read', 'events:read'],
      expires_at: '2030-05-01T10:30:00Z',
      allowed_ips: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'],
    });
    expect(keyFormToBody(parseForm('mode=test'))).toEqual({
      livemode: false,
      name: undefined,
      scopes: undefined,
      expires_at: undefined,
      allowed_ips: undefined,
    });
  });

  it('reads a key form with no scope ticked as scopes left out (every scope), and refuses an explicitly empty list', () => {
    expect(parseOrRefuse(createKeyBody, keyFormToBody(parseForm('mode=test')), 'form').scopes).toBeUndefined();
    let refused: unknown;
    try {
      parseOrRefuse(createKeyBody, { livemode: false, scopes: [] }, 'body');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('invalid_request');
    expect((refused as ApiError).errors).toEqual([
      {
        location: '$.scopes',
        validation_type: 'minItems',
        reason: 'is an empty list',
        how_to_fix: 'Send at least one scope, such as "scopes": ["companies:read"], or leave scopes out for a key that holds every scope.',
      },
    ]);
  });

  it('maps the endpoint form, an empty filter meaning every event', () => {
    expect(endpointFormToBody(parseForm('mode=test&url=http%3A%2F%2F127.0.0.1%3A4000%2Fh&enabled_events=&description='))).toEqual({
      url: 'http://127.0.0.1:4000/h',
      livemode: false,
      enabled_events: undefined,
      description: undefined,
    });
  });

  it('redirects after sign-in only to a dashboard page of ours', () => {
    expect(safeNext('/dashboard/keys')).toBe('/dashboard/keys');
    expect(safeNext('https://evil.example/')).toBeUndefined();
    expect(safeNext('//evil.example/dashboard')).toBeUndefined();
    expect(safeNext('/dashboard/../v1/me')).toBeUndefined();
    expect(safeNext('/dashboard/sign-in')).toBeUndefined();
  });

  it('escapes every interpolated value of a page', () => {
    expect(esc(`<script>"x"&'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;&lt;/script&gt;');
    expect(html`<p title="${'"><img src=x>'}">${'<b>'}</p>`.html).toBe('<p title="&quot;&gt;&lt;img src=x&gt;">&lt;b&gt;</p>');
  });
});
