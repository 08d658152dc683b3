import * as cdkNag from 'cdk-nag';

/**
 * cdk-nag is CommonJS whose exports Node's ESM loader cannot detect by name, so under tsx they sit
 * on `default`; under jest (CommonJS) they are on the namespace itself. One import for both.
 */
const nag: typeof cdkNag =
  'AwsSolutionsChecks' in cdkNag && cdkNag.AwsSolutionsChecks ? cdkNag : (cdkNag as unknown as { default: typeof cdkNag }).default;
export const { AwsSolutionsChecks } = nag;
