import { checkConfiguration } from './variables';

/**
 * A deployed function's first act: infra/aws/bundling.ts puts this module ahead of every bundle's
 * code, so a function whose environment is wrong (STAGE unset, a production secret missing, a value
 * that does not parse) fails its cold start with every problem named, before it serves anything.
 */
checkConfiguration();
