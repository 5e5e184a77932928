/**
 * shortvideo = TikTok. No /v1 route or GraphQL field of its own (api.md defines none): the
 * profile extractor (fetch.ts → parse.ts) is a source profile for creator discovery (its
 * reader), and its walls are recognised on every answer to a request labelled with it.
 */
import type { PlatformDefinition } from '../definition.js';
import { reader } from './reader.js';
import { walls } from './walls.js';

const label = 'shortvideo';
const hosts = ['www.tiktok.com', 'tiktok.com', 'vm.tiktok.com'];

export const platform: PlatformDefinition = { label, hosts, operations: [], walls, reader };
