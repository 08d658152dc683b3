export * from './partners';
export * from './events';
export * from './dashboard';
