export * from './demo';
export * from './errors';
export * from './hosts';
export * from './identity';
export * from './system';
