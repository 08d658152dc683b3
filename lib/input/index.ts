export * from './empty';
export * from './fields';
export * from './id-param';
