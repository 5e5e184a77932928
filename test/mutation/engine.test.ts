/**
 * The mutation engine judged by toy parsers (no capture needed): a parser that keeps the rule
 * passes, one that breaks it is caught. Here: the `quiet` rule — a quiet path covers its own
 * absence, not the members of an object present there.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordReader } from '../../src/parse/index.js';
import type { RecordSpec } from './engine.js';
import { judge, listFailures } from './engine.js';

const PLATFORM = 'toy';

/** A user with an optional banner object that, when present, always carries its image_url. */
const answer = () => ({ user: { id: '42', name: 'Ada', banner: { image_url: 'https://example.com/b.jpg', width: 1500 } } });

const Toy = z.strictObject({
  id: z.string(),
  name: z.string().nullable(),
  banner_url: z.string().nullable(),
  banner_width: z.number().nullable(),
});

/** Reads the banner's members optionally too: a banner without its image_url is silently null. */
function silentParser(doc: unknown) {
  const r = recordReader((doc as { user?: unknown }).user, { platform: PLATFORM, record: 'user' });
  return {
    id: r.id('id'),
    name: r.str('name'),
    banner_url: r.opt.str('banner_url', ['banner', 'image_url']),
    banner_width: r.opt.int('banner_width', ['banner', 'width']),
  };
}

/** The banner optional, its members required within it: a banner without its image_url is warned. */
function strictParser(doc: unknown) {
  const r = recordReader((doc as { user?: unknown }).user, { platform: PLATFORM, record: 'user' });
  const banner = r.opt.obj('banner');
  const b = banner ? r.over(banner, 'banner') : null;
  return {
    id: r.id('id'),
    name: r.str('name'),
    banner_url: b ? b.str('image_url') : null,
    banner_width: b ? b.int('width') : null,
  };
}

const spec = (parse: (doc: unknown) => unknown, quiet: Record<string, string> = {}): RecordSpec => ({
  name: 'toy user',
  platform: PLATFORM,
  load: answer,
  parse,
  schema: Toy,
  source: ['user'],
  identity: { id: 'the user id' },
  fields: { banner_url: ['banner.image_url'], banner_width: ['banner.width'] },
  quiet: { banner: 'not every user has a banner', ...quiet },
});

describe('mutation engine: quiet covers the listed path, not the members of an object present there', () => {
  it('the toy parsers read the normal answer alike', () => {
    expect(silentParser(answer())).toEqual(strictParser(answer()));
  });

  it('a parser that silently drops a member of a present optional object is caught', () => {
    const r = judge(spec(silentParser));
    const failed = r.failures.map((f) => f.mutation);
    expect(failed, listFailures(r)).toContain('delete banner.image_url');
    expect(failed).toContain('delete banner.width');
    // The banner itself absent is still normal.
    expect(failed).not.toContain('delete banner');
  });

  it('a parser that warns such a loss passes, its optional object still quiet', () => {
    const r = judge(spec(strictParser));
    expect(r.mutations).toBeGreaterThan(10);
    expect(r.failures, listFailures(r)).toEqual([]);
  });

  it('a member listed quiet itself may be dropped silently', () => {
    const r = judge(spec(silentParser, { 'banner.image_url': 'toy: sometimes left out', 'banner.width': 'toy: sometimes left out' }));
    expect(r.failures, listFailures(r)).toEqual([]);
  });
});
