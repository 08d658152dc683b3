import { parseOrRefuse } from '../../lib/errors';
import type { ApiError } from '../../lib/errors';
import { createEndpointBody } from '../../lib/dashboard/webhook-endpoints';

describe('an endpoint body whose enabled_events names a type twice', () => {
  it('is refused naming the repeat, in a detail that reads as a sentence, with the list to send instead', () => {
    let refusal: ApiError | undefined;
    try {
      parseOrRefuse(
        createEndpointBody,
        { url: 'https://example.com/hooks', livemode: false, enabled_events: ['*', 'company.*', '*'] },
        'body',
      );
    } catch (error) {
      refusal = error as ApiError;
    }
    expect(refusal?.detail).toBe("The body is invalid: $.enabled_events repeats '*'");
    expect(refusal?.errors).toEqual([
      expect.objectContaining({
        location: '$.enabled_events',
        validation_type: 'uniqueItems',
        how_to_fix: 'Name each event type once, such as "enabled_events": ["*","company.*"].',
      }),
    ]);
  });
});
