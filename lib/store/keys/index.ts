export * from './partners';
export * from './events';
