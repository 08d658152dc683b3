export * from './mail-sender';
export * from './send-email';
export * from './outbox';
