export * from './errors';
export * from './identity';
export * from './system';
