export * from './empty';
export * from './fields';
