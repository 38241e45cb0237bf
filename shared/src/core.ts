// The zod-free part of the shared package ('@ziver/shared/core'): constants, error codes, texts and
// pure domain helpers. The mini app's first screen imports only this entry, so zod and the schemas
// stay out of its first chunk (miniapp/build/bundle-budget.ts fails the build otherwise).
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './feature-messages.js';
export * from './domain.js';
export * from './feedback-core.js';
export * from './telegram-html.js';
export * from './i18n/interpolate.js';
// Contract paths filled in, zod-free (the first screen's calls, src/lib/call.ts in the mini app).
export * from './contract/paths.js';
