/**
 * linkpage-c = Komi. Pure parsing of the two public JSON answers behind a page
 * (`https://<username>.komi.io`) into api.md's "linkpage-c page" record; no I/O.
 *
 * The page itself is a client-rendered shell; its data comes from Komi's public API
 * (platforms.md):
 * - `GET https://api.komi.io/api/talent/usernames/<username>`: the account (username, first and
 *   last name, avatar, `accountStatus`) with its `talentProfile` (id, displayName,
 *   displayNameImage, bio, website, `socialProfileLinks[]` of `{type, link}`). An unknown
 *   username is a 404 whose body says "The talent profile was not found".
 * - `GET https://api.komi.io/api/talent-profiles/<talentProfile.id>/modules`: the page's modules
 *   in page order. Content modules (`LINK`, `PRODUCT`…) hold their entries in `items[]`
 *   (`{id, url, order, title, visible, moduleId, thumbnail, versionId}`, products with `price` and
 *   `currency`); a `GROUP` module holds further modules in its `items[]`.
 *
 * Members are read from the profile first and the account second (or the other way round for
 * the account's own members), so a member that moves between the two still arrives. Strings are
 * kept as Komi sends them (`bio: ""` stays ""); the members api.md marks nullable
 * (displayNameImage, website) are null when empty.
 *
 * One URL field per linked platform: the shared classifier over the social profile links, then
 * the module links (the icons a creator declares come before arbitrary buttons). Hidden entries
 * (`visible: false`) are listed, as Komi sends them, but do not fill platform fields.
 * E-mail addresses are not a field of this record.
 */
// Komi sends ids, counts and prices as numbers or digit strings and flags as 0/1: the kit's lenient readers.
import { at, boolish as bool, idStr as id, intish as int, isObj, nonEmpty, numish as num, reader, str } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { notFound, shapeChanged } from '../../errors.js';
import { platformUrlFields } from '../../links/classify.js';
import type { LinkpageCLink, LinkpageCPage } from './schema.js';
export type { LinkpageCLink, LinkpageCPage } from './schema.js';

const PLATFORM = 'linkpage-c';

/** Keys of the record that are not platform URL fields. */
export const FIXED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'username',
  'avatar',
  'bio',
  'firstName',
  'lastName',
  'displayName',
  'displayNameImage',
  'website',
  'links',
]);

/** The talent answer, read: what the modules request and the record need. */
export interface KomiTalent {
  profileId: string;
  account: Obj;
  profile: Obj;
}

const pageName = (username: string) => `Link page ${username || '?'}.komi.io`;

/**
 * Komi's not-found answer, `{statusCode: 404, message: "The talent profile was not found", code:
 * 1000}` (HTTP 404), known by its codes — the error code 1000 or the status it repeats in the body
 * (when it comes with another HTTP status) — never by its message, an English sentence that
 * could change wording or be translated.
 */
export function isNotFoundBody(body: unknown): boolean {
  if (!isObj(body)) return false;
  return body.code === 1000 || body.statusCode === 404;
}

/** The talent answer → the account, its profile and the profile id the modules request needs. */
export function readTalent(body: unknown, username = ''): KomiTalent {
  if (!isObj(body)) throw shapeChanged(PLATFORM, 'talent object from api/talent/usernames');
  const profile = body.talentProfile;
  if (!isObj(profile)) {
    if (isNotFoundBody(body)) throw notFound(`${pageName(username)} was not found`);
    throw shapeChanged(PLATFORM, 'talentProfile in the api/talent/usernames answer');
  }
  // A suspended or deleted account still answers, but has no page.
  const status = str(body.accountStatus) ?? str(profile.accountStatus);
  if (status !== null && status.toLowerCase() !== 'active') throw notFound(`${pageName(username)} was not found (account ${status})`);
  const profileId = id(profile.id);
  if (!profileId) throw shapeChanged(PLATFORM, 'talentProfile.id');
  return { profileId, account: body, profile };
}

/**
 * The modules answer (a list; `{modules: [...]}` is read too) → the page's links in page order.
 * A module or entry of another shape (not an object, an entry without its url) is left out and
 * warned (`modules.<part>`); the others stay. Modules without entries (a header) carry no link.
 */
export function readModules(body: unknown): LinkpageCLink[] {
  const modules = Array.isArray(body) ? body : isObj(body) && Array.isArray(body.modules) ? body.modules : null;
  if (!modules) throw shapeChanged(PLATFORM, 'module list from api/talent-profiles/<id>/modules');
  const links: LinkpageCLink[] = [];
  const r = reader({ modules }, { platform: PLATFORM, record: 'modules' });
  const visit = (mod: Reader, depth: number) => {
    const type = mod.opt.nonEmpty('type')?.toUpperCase() ?? 'LINK';
    mod.opt.items('items', (item) => {
      const v = item.root as Obj;
      // A module inside a GROUP (it has entries of its own), or an entry of this module.
      if (Array.isArray(v.items)) {
        if (depth < 8) visit(item, depth + 1);
        return v;
      }
      const url = item.str('url');
      if (url === null) return null;
      links.push(linkOf(item, url, mod.root as Obj, type));
      return v;
    });
  };
  r.items('modules', (mod) => {
    visit(mod, 0);
    return mod.root;
  });
  return links;
}

/**
 * An entry's page version when the entry itself has none: its module's. Every entry carries one
 * (or its module does): on neither, warned as `…items.versionId`; an explicit null is data.
 */
function moduleVersion(item: Reader, mod: Obj): string | null {
  if (at(item.root, ['versionId']) === undefined && mod.versionId === undefined)
    item.warn('versionId', 'missing on the entry and its module');
  return id(mod.versionId);
}

function linkOf(item: Reader, url: string, mod: Obj, type: string): LinkpageCLink {
  const link: LinkpageCLink = {
    id: item.get('id', id),
    url,
    order: item.get('order', int),
    title: item.str('title'),
    visible: item.get('visible', bool),
    moduleId: item.opt.get('moduleId', id) ?? id(mod.id),
    thumbnail: item.str('thumbnail'),
    versionId: item.opt.get('versionId', id) ?? moduleVersion(item, mod),
    type,
  };
  if (type === 'PRODUCT') {
    link.price = item.get('price', num);
    link.currency = item.str('currency');
  }
  return link;
}

/** The talent answer and the page's links → the record. */
export function pageRecord(talent: KomiTalent, links: LinkpageCLink[], requested = ''): LinkpageCPage {
  const { account: a, profile: p } = talent;
  const username = nonEmpty(a.username) ?? nonEmpty(p.username) ?? (requested || null);
  if (!username) throw shapeChanged(PLATFORM, 'username in the api/talent/usernames answer');

  const t = reader({ account: a, profile: p }, { platform: PLATFORM, record: 'talent' });
  // Social profiles: on the profile (or the account); talents without any have none. An entry of
  // another shape is left out, warned; an empty slot (no link) is not a link.
  const socialsFrom = Array.isArray(a.socialProfileLinks) && !Array.isArray(p.socialProfileLinks) ? ['account'] : ['profile'];
  const socials = t
    .over(at(t.root, socialsFrom), socialsFrom[0])
    .opt.items('socialProfileLinks', (s) => ({ type: (s.opt.str('type') ?? '').toUpperCase(), url: s.opt.nonEmpty('link', 'link', 'url') }))
    .filter((s): s is { type: string; url: string } => s.url !== null);
  const website = nonEmpty(p.website) ?? nonEmpty(a.website) ?? socials.find((s) => s.type === 'WEBSITE')?.url ?? null;

  const platformFields = platformUrlFields([...socials.map((s) => s.url), ...links.filter((l) => l.visible !== false).map((l) => l.url)]);
  const platforms = Object.fromEntries(Object.entries(platformFields).filter(([k]) => !FIXED_KEYS.has(k)));

  // Platform fields sit between displayNameImage and website (the order the peer's clients see).
  return {
    id: talent.profileId,
    username,
    // Komi's talent answer carries avatar, bio and display name (null when unset) on the account or
    // its profile: absent from both, they are warned.
    avatar: t.str('avatar', ['account', 'avatar'], ['profile', 'avatar']),
    bio: t.str('bio', ['profile', 'bio'], ['account', 'bio']),
    firstName: t.str('firstName', ['account', 'firstName'], ['profile', 'firstName']),
    lastName: t.str('lastName', ['account', 'lastName'], ['profile', 'lastName']),
    displayName: t.str('displayName', ['profile', 'displayName'], ['account', 'displayName']),
    displayNameImage: nonEmpty(p.displayNameImage) ?? nonEmpty(a.displayNameImage),
    ...platforms,
    website,
    links,
  };
}
