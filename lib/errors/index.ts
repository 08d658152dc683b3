export * from './api-error';
export * from './error-codes';
export * from './envelope';
export * from './illegal-transition';
export * from './zod-errors';
export * from './rule-texts';
export * from './wording';
export * from './validation-types';
