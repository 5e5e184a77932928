/**
 * How the simulated web's accounts say what they are, in several languages: fan / update /
 * tribute accounts, the creator's second accounts, fan-run clip channels, impersonators.
 *
 * Written here, for the simulation, and on purpose NOT taken from the detector
 * (src/discovery/markers.ts): some phrasings and two languages (Turkish, Polish) are ones the
 * detector does not know, and impersonators use the second-account claims too ("backup
 * account", "new account"), so a lookup that trusts wording is measured against that.
 *
 * Templates: `{name}` the creator's display name, `{first}` its first name, `{handle}` its handle.
 */

export type MarkerLang = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'it' | 'ja' | 'ko' | 'tr' | 'pl';
export const MARKER_LANGS: readonly MarkerLang[] = ['en', 'de', 'es', 'fr', 'pt', 'it', 'ja', 'ko', 'tr', 'pl'];

/** A fan account's bio that says it is one. */
export const FAN_BIOS: Readonly<Record<MarkerLang, readonly string[]>> = {
  en: [
    'fan account for {name} 💜',
    'not affiliated with {name} — just a fan',
    'daily updates about @{handle}',
    'unofficial fan page · all things {first}',
    '{name} stan account',
    'fan-run · news, clips & pics of {name}',
  ],
  de: ['Fanseite über {name}', 'inoffizieller Fan-Account von @{handle}', 'News & Updates zu {name} (kein offizieller Account)'],
  es: ['cuenta fan de {name}', 'club de fans de @{handle} · no oficial', 'actualizaciones diarias sobre {name}'],
  fr: ['compte fan de {name}', 'page fan non officielle de @{handle}', 'toutes les actus de {name}'],
  pt: ['conta de fã da {name}', 'fã-clube não oficial @{handle}', 'atualizações diárias sobre {name}'],
  it: ['fan page non ufficiale di {name}', 'account fan di @{handle}'],
  ja: ['{name}さんの非公式ファンアカウントです', '{name}ファン垢'],
  ko: ['{name} 비공식 팬계정', '{name} 팬페이지'],
  // Languages the detector does not know.
  tr: ['{name} hayran sayfası', '{first} için resmi olmayan hayran hesabı'],
  pl: ['nieoficjalny fanpage {name}', 'konto fanowskie @{handle}'],
};

/** A fan account's display name that says it is one. */
export const FAN_NAMES: readonly string[] = [
  '{name} Fan Page',
  '{name} Updates',
  '{name} Fans',
  'Team {first}',
  '{name} Fanseite',
  'Fã-clube {name}',
  '{name} ファン',
  '{name} News',
];

/** A fan's bio that says nothing about what the account is. */
export const NEUTRAL_FAN_BIOS: readonly string[] = [
  'photography & coffee',
  'memes and more memes',
  'love her work ♥',
  'music, art and good vibes',
  'just here for the content',
  'dad, runner, bad jokes',
];

/** A fan-run clips channel's bio (third person: about the creator, not by the creator). */
export const CLIP_FAN_BIOS: readonly string[] = [
  "best moments from {first}'s streams",
  'highlights of {name} every day',
  'edits & clips of @{handle}',
  '{name} の切り抜き',
  'los mejores momentos de {name}',
  'die besten Clips von {name}',
  // Phrasings the detector does not know.
  '{name} 하이라이트 모음',
  'daily {first} content 🎬',
  '{first} moments, every day',
];

/** A clips channel's name: fan-run ones use them too. */
export const CLIP_NAMES: readonly string[] = ['{name} Clips', '{first} Highlights', '{name} Edits', '{name} VODs'];

/** The creator's second account saying what it is (first person), by language. */
export const SECOND_BIOS: Readonly<Record<MarkerLang, readonly string[]>> = {
  en: [
    'my second channel ✌️ main: @{handle}',
    'clips from my streams',
    'backup account of @{handle}',
    'live streams & vods — main account @{handle}',
    'new account! the old one got hacked',
    'where I post my code & side projects',
  ],
  de: ['mein Zweitkanal · Hauptkanal @{handle}', 'Clips aus meinen Streams', 'neuer Account!'],
  es: ['mi segundo canal · cuenta principal @{handle}', 'clips de mis directos', '¡nueva cuenta!'],
  fr: ['ma deuxième chaîne · compte principal @{handle}', 'les clips de mes lives', 'nouveau compte !'],
  pt: ['meu segundo canal · conta principal @{handle}', 'cortes das minhas lives', 'conta nova!'],
  it: ['il mio secondo canale', 'account secondario di @{handle}'],
  ja: ['サブ垢です 本垢→@{handle}', 'サブチャンネル'],
  ko: ['부계정입니다 본계정 @{handle}', '서브 채널'],
  tr: ['ikinci kanalım', 'yedek hesap'],
  pl: ['mój drugi kanał', 'konto zapasowe'],
};

/** The creator's second account's name, by kind ({name}: exact display name is the other case). */
export const SECOND_NAMES: Readonly<Record<string, readonly string[]>> = {
  clips: ['{name} Clips', '{first} Clips'],
  live: ['{name} Live', '{name} LIVE'],
  tv: ['{name} TV', '{first} TV'],
  dev: ['{first} {last}', '{first} codes'],
  alt: ['{name} 2', '{name} (backup)'],
  renamed: ['{name}'],
};

/** An impersonator's bio when it does not copy the creator's: the usual lures, some claiming to be a second account. */
export const IMPERSONATOR_BIOS: readonly string[] = [
  'DM me for collabs 💌',
  'giveaway running now 🎁 click the link',
  'backup account — DM me here',
  'new account! old one got hacked',
  'official',
  'contact me on telegram',
];

/** A creator's own line naming an account by @handle (a second account, or a fan's edits it thanks). */
export const MENTION_OWN: readonly string[] = ['clips → @{h}', 'more of me: @{h}', 'my second channel: @{h}', 'also @{h}'];
export const MENTION_SHOUTOUT: readonly string[] = ['thanks @{h} for the edits ♥', 'shout-out to @{h}', 'fan art by @{h}'];

export function fill(template: string, v: { name: string; first: string; last?: string; handle?: string; h?: string }): string {
  return template
    .replaceAll('{name}', v.name)
    .replaceAll('{first}', v.first)
    .replaceAll('{last}', v.last ?? '')
    .replaceAll('{handle}', v.handle ?? '')
    .replaceAll('{h}', v.h ?? '');
}
