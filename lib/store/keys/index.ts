export * from './partners';
export * from './events';
export * from './dashboard';
export * from './companies';
export * from './idempotency';
export * from './billing';
export * from './lifecycle';
export * from './webhooks';
