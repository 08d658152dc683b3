export * from './send-email';
export * from './outbox';
