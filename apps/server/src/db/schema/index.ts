// Every table of every area, re-exported so Drizzle knows the whole schema.
export * from './ad-spec';
export * from './alerts';
export * from './app-settings';
export * from './domain';
export * from './error-logs';
export * from './facebook-ads';
export * from './google-ads';
export * from './identity';
export * from './lsa';
export * from './performance';
export * from './profile-content';
export * from './rank-gifs';
export * from './rank-grid';
export * from './status';
export * from './vendor-data';
