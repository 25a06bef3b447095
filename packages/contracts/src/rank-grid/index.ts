export * from './geometry';
export * from './metrics';
export * from './quadrants';
export * from './scans';
export * from './settings';
