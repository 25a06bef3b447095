// Every table of every area, re-exported so Drizzle knows the whole schema.
export * from './alerts';
export * from './app-settings';
export * from './domain';
export * from './error-logs';
export * from './identity';
export * from './profile-content';
export * from './rank-gifs';
export * from './rank-grid';
export * from './status';
export * from './vendor-data';
