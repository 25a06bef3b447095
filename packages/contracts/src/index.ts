export * from './clients';
export * from './demo';
export * from './errors';
export * from './hosts';
export * from './id-cipher';
export * from './identity';
export * from './products';
export * from './system';
