import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { html, joined, raw } from '../../lib/html';
import { page } from '../../lib/keyless-pages/layout';
import { statusPage } from '../../lib/keyless-pages/status-page';
import { verifyUploadPage } from '../../lib/keyless-pages/verify-page';
import { errorReferencePage } from '../../lib/docs/error-reference';
import { referencePage } from '../../lib/docs/reference-page';

const LIB = join(__dirname, '..', '..', 'lib');
const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** One HTML tag for every page (lib/html.ts), escaping by default. */
describe('the html tag', () => {
  it('escapes every value it is given, in content and attributes, unless the value is HTML already', () => {
    expect(html`<p title="${HOSTILE}">${HOSTILE}</p>`.html).toBe(`<p title="${ESCAPED}">${ESCAPED}</p>`);
    expect(html`<p>${raw('<b>bold</b>')}${html`<i>${HOSTILE}</i>`}</p>`.html).toBe(`<p><b>bold</b><i>${ESCAPED}</i></p>`);
    expect(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.html).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(html`${undefined}${null}${false}${0}`.html).toBe('0');
    expect(joined([html`<a>`, html`<b>`], '\n').html).toBe('<a>\n<b>');
  });

  it('escapes what the keyless pages show of a company and its owner', () => {
    const status = statusPage({
      company_name: HOSTILE,
      status: 'active',
      status_title: HOSTILE,
      status_detail: HOSTILE,
      stage: 'incorporated',
      stage_text: HOSTILE,
      updated_at: '2026-12-01T00:00:00Z',
    } as Parameters<typeof statusPage>[0]);
    expect(status).not.toContain('<script>');
    expect(status).toContain(`<h1>${ESCAPED}</h1>`);
    const verify = verifyUploadPage({ ownerFirstName: HOSTILE, companyName: HOSTILE, expiresAt: '2026-12-01T00:30:00Z', error: HOSTILE });
    expect(verify).not.toContain('<script>');
    expect(page(HOSTILE, html``)).toContain(`<title>${ESCAPED}</title>`);
  });

  it('writes the reference pages with it: every error code a row, the theme an attribute', () => {
    expect(errorReferencePage()).toMatch(
      /<tr id="api_key_invalid"><td><code>api_key_invalid<\/code><\/td><td>401<\/td><td>The key is missing/,
    );
    expect(referencePage()).toContain('theme="{&quot;colors&quot;');
  });

  it('is the only escaper in lib/: no page writes its own', () => {
    const own = sources(LIB)
      .filter((file) => relative(LIB, file) !== 'html.ts')
      .filter((file) => /&amp;|&#\$\{|charCodeAt\(0\)\};/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(LIB, file));
    expect(own).toEqual([]);
  });
});
