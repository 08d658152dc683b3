import { wantsJson } from '../../lib/keyless-pages/wants-json';

// The status link and the hosted invoice answer JSON "with Accept: application/json" (docs/api.md,
// "Keyless pages"): when the caller prefers it, by the q values it sends, not whenever it is named.
describe('whether a keyless page answers JSON', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/json, text/plain, */*', true],
    ['text/html;q=0.5, application/json', true],
    ['application/json;q=0.5', true],
  ])('%s: JSON', (accept, json) => {
    expect(wantsJson(accept)).toBe(json);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['*/*', false],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['application/json;q=0', false],
    ['text/html, application/json;q=0.9', false],
    ['*/*, application/json;q=0.5', false],
  ])('%s: the page', (accept, json) => {
    expect(wantsJson(accept)).toBe(json);
  });
});
