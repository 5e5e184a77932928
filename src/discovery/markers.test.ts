import { describe, expect, it } from 'vitest';
import { handleMentions, isPaddedCopy, key, markersOf, secondAccountMentions, secondAccountMentionsOn, skeletons } from './markers.js';

const KEYS = [key('mirasol'), key('Mira Sol'), 'mira'].filter((k) => k.length >= 4);
const m = (handle: string, displayName: string | null, bio: string | null, handles = ['mirasol']) =>
  markersOf({ handle, displayName, bio }, KEYS, handles);

describe('what an account says about itself', () => {
  it('fan, update and tribute accounts, in their name, bio or handle, in several languages', () => {
    for (const bio of [
      'fan account 💜',
      'not affiliated with Mira — just a fan',
      'Fanseite über Mira Sol',
      'cuenta fan de Mira',
      'compte fan de Mira Sol',
      'Fã-clube não oficial',
      'pagina fan non ufficiale',
      'ミラさんの非公式ファンアカウント',
      '미라 비공식 팬계정',
      'best moments of her streams',
      'Mira の切り抜き',
    ])
      expect(m('someone', 'Someone', bio).fan, bio).toBe(true);
    for (const name of ['Mira Sol Fan Page', 'Mira Sol Updates', 'Team Mira', 'Mira Sol ファン'])
      expect(m('someone', name, '').fan, name).toBe(true);
    for (const handle of ['mirasol_fans', 'mirasolupdates', 'teammirasol', 'mirasol.fp', 'mirasol_edits'])
      expect(m(handle, 'x', '').fan, handle).toBe(true);
    // Whole words only; the creator's own words are not a fan's.
    for (const [handle, name, bio] of [
      ['mirasoltv', 'Mira Sol', 'fanfare and fantasy'],
      ['mirasol', 'Mira Sol', 'thank you to all my fans!'],
      ['heymira', 'Mira Sol', 'ファンタジー作家'],
    ])
      expect(m(handle, name, bio).fan, `${handle} ${bio}`).toBe(false);
  });

  it('fan and unofficial wording in more of the languages creators write (our own bios): Turkish, Polish, Russian, Ukrainian, Arabic, Hindi, Vietnamese, Thai, Indonesian, Malay, Dutch, Chinese', () => {
    for (const bio of [
      'Mira hayran sayfası 💜',
      'resmi değil, sadece hayranım',
      'Nieoficjalny kanał fanów Miry',
      'konto fanowskie',
      'Неофициальный фан-аккаунт Миры',
      'неофіційна сторінка',
      'حساب معجبين غير رسمي',
      'मीरा का फैन पेज',
      'trang fan không chính thức',
      'แฟนเพจน้องมีรา',
      'akun fan Mira',
      'akaun peminat Mira',
      'onofficieel',
      'Mira粉絲團',
    ])
      expect(m('someone', 'Someone', bio).fan, bio).toBe(true);
    for (const bio of ['resmi hesap', 'Oficjalny kanał Miry', 'официальный аккаунт', 'الحساب الرسمي', 'fanfare'])
      expect(m('someone', 'Someone', bio).fan, bio).toBe(false);
  });

  it('second accounts, in the first person or around the creator’s name', () => {
    for (const bio of [
      'my second channel ✌️ main: @mirasol',
      'clips from my streams',
      'mein Zweitkanal',
      'mi segundo canal',
      'サブ垢です',
      '부계정입니다',
    ])
      expect(m('someone', 'Someone', bio).second, bio).toBe(true);
    for (const handle of ['mirasolclips', 'mirasol_live', 'mirasoltv', 'mira-dev', 'mirasol2', 'miraclips'])
      expect(m(handle, 'x', '').second, handle).toBe(true);
    expect(m('someone', 'Mira Sol Clips', '').second).toBe(true);
    // A name without the creator's in it says nothing about being its second account.
    expect(m('livemusic', 'Live Music Co', '').second).toBe(false);
    expect(m('mirasolhighlights', 'x', '').second).toBe(false);
  });

  it('look-alike handles: padding, a doubled letter, separators of its own; not the same separators on another platform', () => {
    for (const handle of ['mirasol_', 'realmirasol', 'mirasol.official', 'itsmirasol', 'mirasoll', 'mirasolx', 'mirasol__', 'mira.sol'])
      expect(m(handle, 'Mira Sol', '').lookalike, handle).toBe(true);
    expect(m('mira_sol', 'Mira Sol', '', ['mira.sol']).lookalike).toBe(false);
    for (const handle of ['mirasol', 'mirasolclips', 'studiomira12', 'someoneelse'])
      expect(m(handle, 'Mira Sol', '').lookalike, handle).toBe(false);
  });

  it('@handle mentions, lower-cased; addresses are not mentions', () => {
    expect(handleMentions('clips → @MiraSolClips. mail: a@b.com, thanks @fan_club_.')).toEqual(['mirasolclips', 'fan_club']);
    expect(handleMentions(null)).toEqual([]);
    // A name does not stop inside a word (our own text): "@zoë.paints" is not @zo.
    expect(handleMentions('thanks @zoë.paints and @lukáš_art, hi @zoe\u0308x')).toEqual([]);
  });
});

// Our own handles and bios (web Q's finding 7), not captures.
describe('own accounts the creator names as old or former, and other spellings of its handle', () => {
  it('"formerly @x", "Раньше был @x", "старый аккаунт", "früher @x", "alter Account", "ancien compte", "旧アカウント" name the creator\'s own account', () => {
    for (const [text, h] of [
      ['formerly @mira_paints', 'mira_paints'],
      ['Раньше был @lea_old', 'lea_old'],
      ['старый аккаунт: @lea1', 'lea1'],
      ['früher @leakocht', 'leakocht'],
      ['alter Account: @lea.k', 'lea.k'],
      ['ancien compte : @lucas.v', 'lucas.v'],
      ['旧アカウント @hoshi_old', 'hoshi_old'],
    ])
      expect(secondAccountMentions(text), text).toEqual([h]);
    // The phrase ends at a word's end: "older account stuff @x" says nothing.
    expect(secondAccountMentions('my older accounts rock @x_y')).toEqual([]);
  });

  it("a second-account line is on the platform it names, else on the naming account's own — whatever other words it holds", () => {
    expect(secondAccountMentionsOn('인스타 부계정: @jiwoo.sub2', 'video')).toEqual([{ handle: 'jiwoo.sub2', platforms: ['social-b'] }]);
    expect(secondAccountMentionsOn('second account: @jiwoo.sub2', 'video')).toEqual([{ handle: 'jiwoo.sub2', platforms: ['video'] }]);
    // A word that is a property of every plain object ("constructor") names no platform.
    expect(secondAccountMentionsOn('second account for my constructor builds: @bob.builds', 'social-b')).toEqual([
      { handle: 'bob.builds', platforms: ['social-b'] },
    ]);
  });

  it("the same letters with fewer or other separators is another platform's spelling, as isPaddedCopy reads it", () => {
    const c = (handle: string) =>
      markersOf({ handle, displayName: 'Camille', bio: '' }, ['camillelit', 'camille'], ['camille_lit']).lookalike;
    expect(c('camillelit')).toBe(false);
    expect(c('camille.lit')).toBe(false);
    expect(isPaddedCopy('camillelit', 'camille_lit')).toBe(false);
    expect(c('camille_lit_')).toBe(true);
  });
});

// Our own handles and names (session 39: a web written against precision returned look-alikes at 0.55).
describe('look-alike characters: the confusables skeleton (Unicode TR39)', () => {
  it('capital I for l, rn for m, 0 for o, Cyrillic а/е/о: one skeleton, in the case a handle can be shown in', () => {
    const alike = (a: string, b: string) => skeletons(a).some((s, i) => s === skeletons(b)[i]);
    for (const [a, b] of [
      ['LunavaIe', 'lunavale'],
      ['lunavaie', 'lunavale'],
      ['rnirasol', 'mirasol'],
      ['miras0l', 'mirasol'],
      ['Мirаsоl', 'mirasol'],
      ['Lunа Vаle', 'Luna Vale'],
    ])
      expect(alike(a, b), a).toBe(true);
    for (const [a, b] of [
      ['Анна', 'Anna'],
      ['lunavale2', 'lunavale'],
      ['mirasolclips', 'mirasol'],
    ])
      expect(alike(a, b), a).toBe(false);
  });

  it("a handle or display name that is the creator's in look-alike characters (plus padding) is a look-alike; her own spellings are not", () => {
    for (const handle of ['mirasoI', 'rnirasol', 'miras0l', 'mirаsol', 'real_rnirasol', 'rnirasol.official'])
      expect(m(handle, 'Mira Sol', '').lookalike, handle).toBe(true);
    // The name alone in another script's look-alike letters, under a handle of its own.
    expect(m('sunnyday44', 'Мirа Sоl', '').lookalike).toBe(true);
    for (const handle of ['mirasol', 'mira_sol', 'mirasolclips', 'mirasol_live', 'heymira'])
      expect(m(handle, 'Mira Sol', '', ['mirasol', 'mira_sol']).lookalike, handle).toBe(false);
    expect(m('sunnyday44', 'Mira Sol', '').lookalike).toBe(false);
    // Her name with a padding word is her spelling (the handle rules read padding), not a disguise.
    expect(m('sunnyday44', 'Mira Sol Official', '').lookalike).toBe(false);
    // A verification badge written into her name dresses up as her verified account.
    for (const name of ['Mira Sol ✔️', 'Mira Sol ☑ Official', '✅ Mira Sol', 'Mira Sol (verified)'])
      expect(m('sunnyday44', name, '').lookalike, name).toBe(true);
    expect(m('sunnyday44', 'Tick ✔️ Club', '').lookalike).toBe(false);
    expect(isPaddedCopy('tornasz.grilluje', 'tomasz.grilluje')).toBe(true);
    expect(isPaddedCopy('tomasz.gri1luje', 'tomasz.grilluje')).toBe(true);
  });

  it('a separator moved within the letters is no spelling of hers; one left out, changed or added where she has none may be', () => {
    expect(m('mir.asol', 'Mira Sol', '', ['mira.sol']).lookalike).toBe(true);
    expect(isPaddedCopy('mir_asol', 'mira.sol')).toBe(true);
    expect(isPaddedCopy('mira_sol', 'mira.sol')).toBe(false);
    expect(isPaddedCopy('mirasol', 'mira.sol')).toBe(false);
    expect(isPaddedCopy('lantern_hollows', 'lanternhollows')).toBe(false);
  });
});

// Our own bios (session 39: a parody under her very handle was verified by the same-handle tie).
describe('an account naming another as the real one', () => {
  it('"the real one is @…", "real account → @…", "le vrai compte : @…", "parody": a fan’s; "my real account is @…", "real estate", "main: @…" are not', () => {
    for (const bio of [
      'parody 🎭 the real one is @mirasol',
      'real account → @mirasol',
      'le vrai compte : @mirasol',
      'der echte Account: @mirasol',
      'la cuenta verdadera es @mirasol 🙏',
      'настоящий аккаунт @mirasol',
      'just a parody, relax',
    ])
      expect(m('someone_else', 'Mira Sol', bio).fan, bio).toBe(true);
    for (const bio of [
      'glaze tests — my real account is @mirasol',
      'real estate in Lisbon, partner @casa.lx',
      'my second channel ✌️ main: @mirasol',
      'real talk, no filters',
      // A comedian's own genre, not an account calling itself a parody.
      'parody songs every Friday 🎤 booking: hi@mirasol.tv',
      'parodias musicales y sketches',
    ])
      expect(m('someone_else', 'Mira Sol', bio).fan, bio).toBe(false);
  });
});
