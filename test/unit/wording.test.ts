import { article, closest, isNear, withArticle } from '../../lib/errors';
import { EVENT_TYPES } from '../../lib/resources/event';

describe('the words of refusals (lib/errors/wording.ts)', () => {
  it.each([
    ['accepted', 'an'],
    ['open', 'an'],
    ['in_progress', 'an'],
    ['information', 'an'],
    ['filed', 'a'],
    ['received', 'a'],
    ['unique', 'a'],
    ['llc', 'an'],
    ['c_corp', 'a'],
    ['federal', 'a'],
    ['hour', 'an'],
  ])('%s takes "%s"', (word, expected) => {
    expect(article(word)).toBe(expected);
  });

  it('puts the article before the word', () => {
    expect(withArticle('accepted')).toBe('an accepted');
  });

  it.each([
    ['company.create', 'company.created'],
    ['company.verifed', 'company.verified'],
    ['Company.Created', 'company.created'],
    ['requirement.fulfiled', 'requirement.fulfilled'],
    ['service_order.status', 'service_order.status.changed'],
    ['invoice.finalised', 'invoice.finalized'],
  ])('the emitted type closest to %s is %s', (typo, expected) => {
    expect(closest(typo, Object.keys(EVENT_TYPES))).toBe(expected);
  });

  it('offers "did you mean" only for a slip, not for another word', () => {
    expect(isNear('entity', 'entity_type')).toBe(true);
    expect(isNear('nmae', 'name')).toBe(true);
    expect(isNear('zzz', 'name')).toBe(false);
  });
});
