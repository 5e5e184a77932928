/**
 * The registry's one entry for shortvideo: its definition (platform.ts). It has no /v1 operation
 * of its own — only creator discovery's profile reader — so it declares no GraphQL types.
 */
export * from './platform.js';
