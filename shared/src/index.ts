export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './schemas.js';
export * from './domain.js';
