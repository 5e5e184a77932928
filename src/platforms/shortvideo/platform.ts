/**
 * shortvideo = TikTok. No /v1 route or GraphQL field of its own (api.md defines none): the
 * profile extractor (fetch.ts → parse.ts) is a source profile for creator discovery. Exported in
 * the registry entry's shape so the registry can list it when an operation is added.
 */
import type { OperationDef } from '../operation.js';

export const label = 'shortvideo';
export const hosts = ['www.tiktok.com', 'tiktok.com', 'vm.tiktok.com'];
/** Creator discovery's view of this platform's public profiles (src/platforms/reader.ts). */
export { reader } from './reader.js';
export { walls } from './walls.js';
export const operations: OperationDef[] = [];
