import { html, csrfField, raw, type Raw } from './html';
import type { DashboardSession } from '../session';
import { type DashboardArea, roleMayUse } from '../roles';

/** The pages a role sees in the navigation: only those its role may open (lib/dashboard/roles.ts). */
const NAV: readonly [string, string, DashboardArea][] = [
  ['/dashboard', 'Overview', 'overview'],
  ['/dashboard/keys', 'API keys', 'keys'],
  ['/dashboard/webhook-endpoints', 'Webhooks', 'webhook-endpoints'],
  ['/dashboard/events', 'Events', 'events'],
  ['/dashboard/requests', 'Requests', 'requests'],
  ['/dashboard/settings', 'Versions', 'settings'],
  ['/dashboard/sandbox-clock', 'Test clock', 'sandbox-clock'],
  ['/dashboard/invoices', 'Invoices', 'invoices'],
  ['/dashboard/staff', 'Staff', 'staff'],
  ['/dashboard/audit', 'Audit log', 'audit'],
];

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f6f7f9}
a{color:#0b57d0}a:focus,button:focus,input:focus,select:focus,textarea:focus,summary:focus{outline:3px solid #f9b400;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px}
header{background:#1b1f24;color:#fff;padding:12px 16px;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
header a{color:#fff}header .badge{color:#1b1f24}header .who{flex-wrap:wrap;min-width:0}header .who a{overflow-wrap:anywhere;min-width:0}header nav{display:flex;flex-wrap:wrap;gap:12px}header .who{margin-left:auto;display:flex;gap:8px;align-items:center;font-size:14px}
main{max-width:1600px;margin:0 auto;padding:16px 24px}h1{font-size:24px;margin:8px 0 16px}h2{font-size:19px;margin:24px 0 8px}
section,.card{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:16px;margin:0 0 16px}
table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:8px;border-bottom:1px solid #e4e7ec;vertical-align:top}th.num,td.num{text-align:right;white-space:nowrap}
label{display:block;font-weight:600;margin:12px 0 4px}.hint{font-weight:400;color:#555;font-size:14px}
input[type=text],input[type=email],input[type=url],input[type=datetime-local],select,textarea{display:block;width:100%;max-width:560px;padding:8px;font:inherit;border:1px solid #98a2b3;border-radius:6px}
fieldset{border:1px solid #d0d5dd;border-radius:6px;margin:12px 0;padding:8px 12px}legend{font-weight:600}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:4px}.checks label,.inline label{font-weight:400;margin:0;display:inline}
button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;margin-top:12px}
button.secondary{background:#fff;color:#0b57d0}button.danger{background:#b42318;border-color:#b42318}
form.inline{display:inline}form.inline button{margin:0}
.secret{display:block;padding:12px;background:#fffbe6;border:2px solid #f9b400;border-radius:6px;font:15px ui-monospace,monospace;word-break:break-all;user-select:all}
.field-error{color:#b42318;font-size:14px;margin:4px 0 0;max-width:560px}[aria-invalid=true]{border-color:#b42318;border-width:2px}
form.inline-form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin-bottom:16px}form.inline-form label{margin:0}form.inline-form select{width:auto}form.inline-form button{margin:0}
.notice{background:#e8f1ff;border:1px solid #0b57d0;border-radius:6px;padding:12px}.error{background:#fdecea;border:1px solid #b42318;border-radius:6px;padding:12px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;background:#e4e7ec}.badge.live{background:#d1fadf}.badge.test{background:#fef0c7}.badge.off{background:#fdecea}
code{font-family:ui-monospace,monospace;font-size:14px;word-break:normal;overflow-wrap:anywhere;hyphens:none}progress{width:100%;max-width:560px;height:18px;vertical-align:middle}
article.delivery{border-top:1px solid #d0d5dd;padding:8px 0 12px}article.delivery h3{font-size:16px;margin:8px 0}
pre.payload{background:#f6f7f9;border:1px solid #e4e7ec;border-radius:6px;padding:8px;overflow-x:auto;max-height:320px;font-size:13px;white-space:pre-wrap;word-break:break-all}
code.body{display:inline-block;max-width:100%;color:#555;font-size:12px;overflow-wrap:anywhere}.pager{display:flex;gap:16px;margin-top:8px}summary{cursor:pointer;font-weight:600}
details.ask{display:inline-block;vertical-align:top;max-width:340px}.acts{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}details.ask summary.danger{display:inline-block;padding:6px 12px;border:1px solid #b42318;border-radius:6px;color:#b42318;background:#fff;font-weight:400}details.ask .ask-body{margin-top:8px;padding:8px;border:1px solid #b42318;border-radius:6px;background:#fdecea}details.ask p{margin:0 0 8px}
@media (max-width:600px){header .who{margin-left:0}table.rows thead{display:none}table.rows,table.rows tbody,table.rows tr,table.rows td{display:block}
table.rows tr{border-bottom:1px solid #d0d5dd;padding:8px 0}table.rows td.num{text-align:left}table.rows td{border:0;padding:2px 0}table.rows td[data-label]::before{content:attr(data-label) ": ";font-weight:600}}
`;

/**
 * Ids, codes and event types break only where they may: after `_`, `.`, `/` or `-` (a `<wbr>` in
 * each `<code>`), never mid-word (`invalid_reques t`), unless one piece alone is wider than the line (a
 * public key on a phone); a secret (`code.secret`) is opaque and wraps anywhere. The text copied is
 * unchanged: `<wbr>` adds no character.
 */
export function withBreakPoints(markup: string): string {
  return markup.replace(
    /<code(?![^>]*class="secret")([^>]*)>([^<]*)<\/code>/g,
    (_m, attrs: string, text: string) => `<code${attrs}>${text.replace(/([_./-])(?=[^_./-])/g, '$1<wbr>')}</code>`,
  );
}

/** Every page: the width of the screen (up to 1,600 px), readable on a phone, usable with the keyboard, no scripts. */
export function layout(input: { title: string; session?: DashboardSession; body: Raw; refreshSeconds?: number }): string {
  const { title, session, body, refreshSeconds } = input;
  // A page that watches work in progress (the test clock's advance) reloads itself: no scripts.
  const refresh = refreshSeconds ? html`<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  const nav = session
    ? html`<nav aria-label="Dashboard">
        ${NAV.filter(([, , area]) => roleMayUse(session.role, area)).map(([href, label]) => html`<a href="${href}">${label}</a>`)}
      </nav>
      <div class="who"><a href="/dashboard/sessions" title="Your sessions">${session.email}</a> <span class="badge">${session.role}</span>
        <form class="inline" method="post" action="/dashboard/sign-out">${csrfField(session.csrf_token)}<button class="secondary" type="submit">Sign out</button></form>
      </div>`
    : html`<nav aria-label="Dashboard"><a href="/dashboard/sign-in">Sign in</a></nav>`;
  return (
    '<!doctype html>\n' +
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${refresh}<title>${title} · Partner dashboard</title><style>${raw(STYLE)}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><strong>Partner dashboard</strong>${nav}</header>
<main id="main"><h1>${title}</h1>${raw(withBreakPoints(body.html))}</main></body></html>`.html
  );
}

/** 200 text/html with the layout. */
export function page(
  title: string,
  session: DashboardSession | undefined,
  body: Raw,
  status = 200,
  headers: Record<string, string> = {},
  refreshSeconds?: number,
) {
  return { status, text: layout({ title, session, body, refreshSeconds }), headers };
}

/** After a successful form post: 303 See Other, so a reload never repeats the action. */
export function seeOther(location: string, headers: Record<string, string> = {}) {
  return { status: 303, text: '', headers: { Location: location, ...headers } };
}
