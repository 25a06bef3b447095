// Every table of every area, re-exported so Drizzle knows the whole schema.
export * from './app-settings';
export * from './error-logs';
export * from './identity';
