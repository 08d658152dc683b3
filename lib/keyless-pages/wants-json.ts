/**
 * Does a keyless page's caller ask for JSON rather than the page (docs/api.md, "Keyless
 * pages": "JSON with `Accept: application/json`")? Yes when the Accept header names `application/json`
 * with a q above 0 and at least the q it gives `text/html` (RFC 9110 §12.5.1: the most specific range
 * that matches a type gives its q). So `application/json` alone is JSON; a browser's Accept (no
 * `application/json`), `*\/*`, `application/json;q=0` and `text/html, application/json;q=0.9` get the page.
 */
export function wantsJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept ?? '');
  const json = ranges.find((r) => r.type === 'application/json');
  if (!json || json.q <= 0) return false;
  return json.q >= qualityOf(ranges, 'text', 'html');
}

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const qParam = params.find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.type.includes('/'));
}

/** The q the header gives `main/sub`: from its exact range, else `main/*`, else `*\/*`, else 0. */
function qualityOf(ranges: MediaRange[], main: string, sub: string): number {
  for (const type of [`${main}/${sub}`, `${main}/*`, '*/*']) {
    const found = ranges.find((r) => r.type === type);
    if (found) return found.q;
  }
  return 0;
}
