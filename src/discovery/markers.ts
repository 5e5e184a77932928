/**
 * What an account says about itself, read from its display name, bio and handle, for the
 * candidate model (evidence.ts): that it is a fan / update / tribute account (`fan_marker`), that
 * it is the creator's second account (`second_account_marker`), or that its handle is the
 * creator's with padding only (`lookalike_handle`: `mirasol_`, `realmirasol`, `mirasoll` — what
 * impersonators pick).
 *
 * Wording is weak evidence and is weighed as such: fans seldom hide that they are fans (platforms
 * require it), but impersonators claim "backup account" too and fan-run clip channels look like
 * second accounts. The lists below are not exhaustive (fan wording in English, German, Spanish,
 * French, Portuguese, Italian, Dutch, Polish, Turkish, Russian, Ukrainian, Indonesian, Malay,
 * Vietnamese, Thai, Japanese, Korean, Chinese, Arabic, Hindi; Tamil, Telugu, Kannada, Malayalam, Urdu,
 * Gujarati, Punjabi, Swahili, the South Slavic languages, Scandinavian, Caucasian and Central Asian
 * ones, Baltic, Filipino, Khmer…); an account in another language is
 * simply not marked. Matching is on whole words (letters and digits around a phrase
 * end it) after case folding and dropping accents, so `fã-clube` and `fa clube` are one phrase
 * and `fanfare` is no fan.
 */
import { parse as parseDomain } from 'tldts';
import unhomoglyph from 'unhomoglyph';
import { platforms } from '../platforms/registry.js';

/** Letters whose accent is not a combining mark (Turkish `ı`, Polish `ł`, Vietnamese `đ`…). */
const BASE_LETTER: Record<string, string> = { ı: 'i', ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ħ: 'h' };

/** Lower-cased, accents dropped (NFKD without combining marks), so `Fã-Clube` reads `fa-clube` and `sayfası` `sayfasi`. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ıłđøæœßħ]/g, (c) => BASE_LETTER[c]);
}

/** A fan, update or tribute account saying so (name or bio). */
const FAN_PHRASES = [
  // English
  'fan account',
  'fan acc',
  'fan page',
  'fanpage',
  'fan club',
  'fanclub',
  'fan-run',
  'fan run',
  'fan made',
  'fanmade',
  'fanbase',
  'stan account',
  'stan acc',
  'just a fan',
  'not affiliated',
  'unaffiliated',
  'unofficial',
  'not official',
  'not the real',
  // A parody *account* says so; "parody" alone is also a comedian's own genre ("parody songs every Friday").
  'parody account',
  'parody acc',
  'parody page',
  'just a parody',
  'this is a parody',
  'cuenta parodia',
  'cuenta de parodia',
  'conta parodia',
  'compte parodie',
  'parodie-account',
  'пародийный аккаунт',
  'satire account',
  'tribute account',
  'updates about',
  'updates on',
  'update account',
  'daily updates',
  'news about',
  'appreciation account',
  'dedicated to',
  // Fan-run clip channels describe the creator in the third person.
  'clips of',
  'highlights of',
  'edits of',
  'best moments',
  'best of',
  // German
  'fanseite',
  'fan-seite',
  'fan-account',
  'fankonto',
  'inoffiziell',
  'inoffizieller',
  'inoffizielle',
  'nicht offiziell',
  'kein offizieller',
  'keine offizielle',
  'updates zu',
  'news zu',
  'besten momente',
  'die besten clips',
  // Spanish
  'cuenta fan',
  'cuenta de fans',
  'pagina de fans',
  'club de fans',
  'no oficial',
  'actualizaciones de',
  'actualizaciones sobre',
  'noticias de',
  'mejores momentos',
  // French
  'compte fan',
  'page fan',
  'non officiel',
  'non officielle',
  'non-officiel',
  'non-officielle',
  'pas officiel',
  'actus de',
  'actualites de',
  'meilleurs moments',
  // Portuguese
  'conta fa',
  'conta de fa',
  'fa-clube',
  'fa clube',
  'pagina de fas',
  'nao oficial',
  'atualizacoes sobre',
  'atualizacoes de',
  'melhores momentos',
  // Italian
  'pagina fan',
  'account fan',
  'non ufficiale',
  // Dutch, Indonesian
  'fanaccount',
  'fanpagina',
  'niet officieel',
  'akun fans',
  'akun penggemar',
  'tidak resmi',
  // Turkish
  'hayran sayfasi',
  'hayran hesabi',
  'hayran kulubu',
  'hayran hesap',
  'fan hesabi',
  'fan sayfasi',
  'resmi degil',
  'resmi olmayan',
  'gayri resmi',
  // Polish
  'konto fanowskie',
  'strona fanow',
  'strona fanowska',
  'kanal fanow',
  'fan klub',
  'nieoficjalny',
  'nieoficjalna',
  'nieoficjalne',
  'nie jest oficjalne',
  // Russian, Ukrainian
  'фан-аккаунт',
  'фан аккаунт',
  'фанаккаунт',
  'фан-страница',
  'фан страница',
  'фан-клуб',
  'фанклуб',
  'фан-акаунт',
  'фан акаунт',
  'фан-сторінка',
  'неофициальныи',
  'неофициальная',
  'неофициальное',
  'неофициальный',
  'не официальныи',
  'неофіціиний',
  'неофіційний',
  'неофіціина',
  'неофіційна',
  // Arabic
  'حساب معجبين',
  'صفحة معجبين',
  'نادي معجبين',
  'نادي المعجبين',
  'حساب فان',
  'فان بيج',
  'غير رسمي',
  'غير رسمية',
  'ليس رسمي',
  'ليس الحساب الرسمي',
  // Hindi
  'फैन पेज',
  'फ़ैन पेज',
  'फैन अकाउंट',
  'फ़ैन अकाउंट',
  'फैन क्लब',
  'अनौपचारिक',
  'आधिकारिक नहीं',
  // Vietnamese, Malay, more Indonesian
  'trang fan',
  'tai khoan fan',
  'hoi fan',
  'cong đong fan',
  'khong chinh thuc',
  'akun fan',
  'bukan akun resmi',
  'bukan resmi',
  'akaun peminat',
  'akaun fan',
  'tidak rasmi',
  'bukan rasmi',
  // Dutch, more Italian, Spanish, Portuguese, German, French
  'onofficieel',
  'geen officieel',
  'fan club',
  'non e ufficiale',
  'aggiornamenti su',
  'no es oficial',
  'pagina no oficial',
  'fa clube',
  'nao e oficial',
  'fan-club',
  'fanclub von',
  'pas le compte officiel',
  // Czech, Slovak, Hungarian, Greek, Romanian, Swedish, Finnish, Hebrew, Persian, Bengali (an outside web, session 27)
  'fanouskovsky',
  'fanouskovska',
  'fanouskovske',
  'fanousku',
  'neoficialni',
  'neoficialny',
  'neoficialna',
  'rajongoi',
  'rajongo oldal',
  'nem hivatalos',
  'σελιδα θαυμαστων',
  'λογαριασμος θαυμαστων',
  'ανεπισημο',
  'ανεπισημος',
  'ανεπισημη',
  'pagina de fani',
  'cont de fani',
  'neoficial',
  'neoficiala',
  'fansida',
  'inofficiell',
  'inofficiellt',
  'fanisivu',
  'fanitili',
  'epavirallinen',
  'עמוד מעריצים',
  'חשבון מעריצים',
  'לא רשמי',
  'صفحه هواداران',
  'پیج هواداری',
  'هواداری',
  'غیر رسمی',
  'غیررسمی',
  'ফ্যান পেজ',
  'ফ্যান অ্যাকাউন্ট',
  'অনানুষ্ঠানিক',
  // Thai, Japanese, Korean, Chinese (matched as substrings)
  'แฟนเพจ',
  'แฟนคลับ',
  'บัญชีแฟน',
  'ไม่เป็นทางการ',
  'ไม่ใช่ทางการ',
  'ファンサイト',
  '팬사이트',
  '홈마',
  '粉丝团',
  '粉丝站',
  '粉絲',
  '應援',
  '应援',
  '非官方',
  'ファンアカウント',
  'ファン垢',
  'ファンページ',
  'ファンクラブ',
  '非公式',
  '応援垢',
  '応援アカウント',
  // kirinuki: clips channels, fan-run
  '切り抜き',
  '팬계정',
  '팬 계정',
  '팬페이지',
  '팬 페이지',
  '팬클럽',
  '비공식',
  '粉丝',
  '非官方',
  '后援会',
  // More of the languages creators write in (session 40): Tamil, Telugu, Kannada, Malayalam, Urdu,
  // Gujarati, Punjabi, more Hindi, Russian and Turkish, Swahili, Serbian, Croatian, Bosnian,
  // Bulgarian, Danish, Norwegian, Azerbaijani, Uzbek, Kazakh, Sinhala, Georgian, Armenian,
  // Lithuanian, Estonian, Slovenian, Filipino, Khmer. A phrase ending in `*` is a word's beginning:
  // its inflected endings follow ("அதிகாரப்பூர்வமற்றது", "sayfamız", "nezvanična").
  'ரசிகர் பக்க*',
  'ரசிகர்கள் பக்க*',
  'ரசிகர் மன்ற*',
  'ரசிகர் கணக்*',
  'அதிகாரப்பூர்வமற்ற*',
  'அதிகாரப்பூர்வ கணக்கு அல்ல',
  'அதிகாரப்பூர்வமானது அல்ல',
  'అభిమానుల పేజ*',
  'అభిమాని పేజ*',
  'అభిమాన సంఘ*',
  'ఫ్యాన్ పేజ*',
  'అనధికారిక*',
  'ಅಭಿಮಾನಿ ಪುಟ*',
  'ಅಭಿಮಾನಿಗಳ ಪುಟ*',
  'ಅಭಿಮಾನಿ ಸಂಘ*',
  'ಫ್ಯಾನ್ ಪೇಜ್*',
  'ಅನಧಿಕೃತ*',
  'ഫാൻ പേജ്*',
  'ഫാൻസ് പേജ്*',
  'ഫാൻ ക്ലബ്*',
  'ആരാധകരുടെ പേജ്*',
  'അനൗദ്യോഗിക*',
  'فین پیج',
  'فین اکاؤنٹ',
  'فین کلب',
  'مداحوں کا پیج',
  'غیر سرکاری پیج',
  'غیر سرکاری اکاؤنٹ',
  'غیر آفیشل',
  'ફેન પેજ',
  'ફેન ક્લબ',
  'બિનસત્તાવાર*',
  'ਫੈਨ ਪੇਜ',
  'ਫੈਨ ਕਲੱਬ',
  'ਅਣਅਧਿਕਾਰਤ*',
  'ਗੈਰ-ਅਧਿਕਾਰਤ*',
  'गैर-आधिकारिक',
  'प्रशंसक पेज',
  'प्रशंसकों का पेज',
  'प्रशंसक अकाउंट',
  'प्रशंसक क्लब',
  'фан-группа',
  'фанатский аккаунт',
  'фанатская страница',
  'фанатский канал',
  'фан-канал',
  'не является официальн*',
  'resmi degildir',
  'resmi hesap degil*',
  'resmi hesabi degil*',
  'hayran sayfa*',
  'hayran hesab*',
  'ukurasa wa mashabiki',
  'akaunti ya mashabiki',
  'si rasmi',
  'sio rasmi',
  'isiyo rasmi',
  'nezvanicn*',
  'nesluzben*',
  'fan stranica',
  'stranica obozavatelja',
  'незваничн*',
  'неофицијалн*',
  'фен страница',
  'фен клуб',
  'неофициален',
  'неофициална',
  'неофициално',
  'uofficiel',
  'uofficielt',
  'uoffisiell',
  'uoffisielt',
  'fanside',
  'fan səhifə*',
  'qeyri-rəsmi',
  'rəsmi deyil',
  'muxlislar sahifa*',
  'fan sahifa*',
  'norasmiy',
  'rasmiy emas',
  'ресми емес',
  'фан парақша*',
  'жанкүйерлер парақша*',
  'රසික පිටුව',
  'නිල නොවන',
  'ფან გვერდი',
  'არაოფიციალურ*',
  'ֆան էջ',
  'ոչ պաշտոնական',
  'neoficial*',
  'gerbeju puslap*',
  'mitteametlik',
  'fannileht',
  'neuradn*',
  'stran obozevalcev',
  'hindi opisyal',
  'ទំព័រអ្នកគាំទ្រ',
  'មិនមែនផ្លូវការ',
];

/** The creator's second account saying so, in the first person (fans write about the creator in the third). */
const SECOND_PHRASES = [
  // English
  'second channel',
  '2nd channel',
  'second account',
  '2nd account',
  'backup account',
  'backup acc',
  'back up account',
  'alt account',
  'alt acc',
  'side account',
  'my main',
  'main account',
  'main acc',
  'main channel',
  'main:',
  'clips from my',
  'highlights from my',
  'my clips',
  'my vods',
  'my streams',
  'my live',
  'new account',
  'new acc',
  'moved here',
  'formerly @',
  'formerly known as',
  'old account',
  'old acc',
  'previous account',
  'my old channel',
  'old channel',
  'dev account',
  'my code',
  // A role word labelling her own account on the same platform ("backup: @…", "priv @…", "art acc: @…").
  'backup:',
  'backup @',
  'back up:',
  'second acc',
  '2nd acc',
  'alt:',
  'alt @',
  'priv:',
  'priv @',
  'priv acc',
  'private acc',
  'private account',
  'spam:',
  'spam @',
  'spam acc',
  'spam account',
  'finsta',
  'art acc',
  'art account',
  // German
  'zweitkanal',
  'zweiter kanal',
  'zweitaccount',
  'zweit-account',
  'hauptkanal',
  'hauptaccount',
  'neuer account',
  'alter account',
  'alter kanal',
  'altes konto',
  'früher @',
  'früher:',
  'ehemals @',
  'aus meinen streams',
  // Spanish
  'segundo canal',
  'canal secundario',
  'cuenta secundaria',
  'cuenta principal',
  'canal principal',
  'nueva cuenta',
  'cuenta anterior',
  'cuenta vieja',
  'antigua cuenta',
  'antes era @',
  'mis directos',
  'mis clips',
  // French
  'deuxieme chaine',
  'seconde chaine',
  'compte secondaire',
  'compte principal',
  'chaine principale',
  'nouveau compte',
  'ancien compte',
  'ancienne chaine',
  'anciennement @',
  'mes lives',
  'mes clips',
  // Portuguese
  'canal secundario',
  'conta secundaria',
  'conta principal',
  'conta nova',
  'nova conta',
  'conta antiga',
  'antiga conta',
  'antigo @',
  'minhas lives',
  'meus cortes',
  // Italian
  'secondo canale',
  'canale secondario',
  'account secondario',
  'account principale',
  'nuovo account',
  'vecchio account',
  // Dutch, Polish, Turkish, Russian, Ukrainian, Indonesian, Malay, Vietnamese, Thai, Arabic, Hindi
  'tweede account',
  'tweede kanaal',
  'drugie konto',
  'drugi kanał',
  'drugi kanal',
  'konto zapasowe',
  'ikinci hesap',
  'ikinci kanal',
  'yedek hesap',
  'второй аккаунт',
  'второй канал',
  'запасной аккаунт',
  'старый аккаунт',
  'старый канал',
  'раньше был @',
  'раньше была @',
  'бывший аккаунт',
  'старий акаунт',
  'eski hesap',
  'eski hesabım',
  'stare konto',
  'oud account',
  'akun lama',
  'akaun lama',
  'الحساب القديم',
  'पुराना अकाउंट',
  'другий акаунт',
  'другий канал',
  'запасний акаунт',
  'akun kedua',
  'akun cadangan',
  'channel kedua',
  'akaun kedua',
  'tai khoan phu',
  'tai khoan thu hai',
  'kenh phu',
  'الحساب الثاني',
  'حسابي الثاني',
  'حساب احتياطي',
  'दूसरा अकाउंट',
  'दूसरा चैनल',
  'sub account',
  'sub acc',
  // Japanese, Korean, Chinese, Thai
  'บัญชีสำรอง',
  'บัญชีที่สอง',
  'サブアカウント',
  '別垢',
  '備用帳號',
  '备用账号',
  '二号',
  'サブ垢',
  'サブアカ',
  'サブチャンネル',
  '本垢',
  'メイン垢',
  '新アカウント',
  '부계정',
  '서브 채널',
  '서브채널',
  '본계정',
  '새 계정',
  '小号',
  '旧アカウント',
  '旧垢',
  '前のアカウント',
  '이전 계정',
  '예전 계정',
  '旧账号',
  '舊帳號',
  'บัญชีเก่า',
  '副号',
];

/** Words of a name or handle (around the creator's own) that say fan, update or tribute account. */
const FAN_WORDS = new Set([
  'fan',
  'fans',
  'fanpage',
  'fanclub',
  'fanseite',
  'fanbase',
  'fp',
  'fc',
  'stan',
  'stans',
  'update',
  'updates',
  'upd',
  'news',
  'team',
  'army',
  'fam',
  'lover',
  'lovers',
  'nation',
  // Edit accounts are fans' (a creator's own edits are its main account's).
  'edit',
  'edits',
]);

/**
 * Words of a name or handle (around the creator's own) that say second account: clips, live, tv,
 * dev… Not `highlights`, `archive` or `daily`: those are fan-run as often as not.
 */
const SECOND_WORDS = new Set([
  'clips',
  'clip',
  'vods',
  'vod',
  'live',
  'lives',
  'tv',
  'dev',
  'code',
  'codes',
  'gaming',
  'games',
  'plays',
  'shorts',
  'extra',
  'extras',
  'irl',
  'podcast',
  'pod',
  'talks',
  'alt',
  'backup',
  'second',
  '2nd',
  '2',
]);

/** What impersonators pad the creator's handle with. */
const PADDING_WORDS = new Set(['', 'x', 'xx', 'real', 'the', 'its', 'im', 'official', 'offical', 'og', 'original', 'actual', '1', '0']);

/** Scripts written without spaces between words: their phrases are matched anywhere. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Khmer}]/u;

function phraseMatcher(phrases: readonly string[]): (text: string) => boolean {
  // A phrase ending in a word ends at a word's end; one ending in a sign (`formerly @`) runs into the handle.
  // A phrase ending in `*` is a word's beginning: an inflected ending may follow.
  const latin = phrases
    .filter((p) => !CJK.test(p))
    .map((p) => ({ p: fold(p.replace(/\*$/, '')), stem: p.endsWith('*') }))
    .map(({ p, stem }) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (!stem && /[\p{L}\p{N}]$/u.test(p) ? '(?![\\p{L}\\p{N}])' : ''))
    // A space or hyphen inside a phrase is any of them, or none: "fan made" is "fan-made" and "fanmade".
    .map((p) => p.replace(/(?<=[\p{L}\p{N}])[\s-]+(?=[\p{L}\p{N}])/gu, '[\\s\\-\u2010-\u2015_]*'));
  const cjk = phrases.filter((p) => CJK.test(p)).map(fold);
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${latin.join('|')})`, 'u');
  return (text) => {
    const t = fold(text);
    return re.test(t) || cjk.some((p) => t.includes(p));
  };
}

const saysFan = phraseMatcher(FAN_PHRASES);
const saysSecond = phraseMatcher(SECOND_PHRASES);
/** The text says second account ("second account", "второй аккаунт", "サブ垢"): SECOND_PHRASES. */
export const saysSecondAccount = (text: string): boolean => saysSecond(text);

/** Letters and digits only, lower-cased, accents dropped. */
export function key(s: string): string {
  return fold(s).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The words around the creator's own name in a handle or name: `mirasol_fans` around `mirasol`
 * → `['fans']`; null when it does not contain any of `creatorKeys` (≥ 4 characters each).
 */
function wordsAround(text: string, creatorKeys: readonly string[]): string[] | null {
  const folded = fold(text);
  const flat = key(text);
  for (const k of [...creatorKeys].sort((a, b) => b.length - a.length)) {
    if (k.length < 4) continue;
    const at = flat.indexOf(k);
    if (at < 0) continue;
    // Remove the creator's key from the text, keeping the separators around it as word breaks.
    let seen = 0;
    let start = -1;
    let end = -1;
    for (let i = 0; i < folded.length; i++) {
      if (!/[\p{L}\p{N}]/u.test(folded[i])) continue;
      if (seen === at) start = i;
      seen++;
      if (seen === at + k.length) {
        end = i + 1;
        break;
      }
    }
    if (start < 0 || end < 0) continue;
    const rest = `${folded.slice(0, start)} ${folded.slice(end)}`;
    return rest
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .flatMap((w) => splitDigits(w));
  }
  return null;
}

/** `clips2` → `clips`, `2`: digits apart from letters. */
function splitDigits(w: string): string[] {
  return w.match(/\p{N}+|[^\p{N}]+/gu) ?? [w];
}

/**
 * Negations that, right before the creator's name, disown being the creator ("Not Vexora himself",
 * "No soy Vexora", "Ce n'est pas Vexora", "Nicht Vexora selbst", "Это не Vexora"), folded.
 */
const NEGATIONS = new Set([
  'not',
  'no',
  'non',
  'nicht',
  'kein',
  'keine',
  'pas',
  'nao',
  'nie',
  'niet',
  'geen',
  'ikke',
  'inte',
  'ei',
  'nem',
  'nu',
  'bukan',
  'khong',
  'hindi',
  'не',
  'ні',
  'ни',
  'οχι',
  'δεν',
]);

/**
 * The account says it is not the creator: a negation (NEGATIONS) right before the creator's name or
 * handle — one to three words whose letters are one of `creatorKeys` —, a short word (≤ 3 letters:
 * "No soy …", "not a …") between them at most. Fans and clip channels disclaim so; the creator's
 * own accounts never say they are not the creator. Linear: each word is looked at a bounded number
 * of times.
 */
function disclaimsCreator(text: string, creatorKeys: readonly string[]): boolean {
  if (!text) return false;
  const words = fold(text.slice(0, 4000))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const keys = new Set(creatorKeys.filter((k) => k.length >= 4));
  const namedAt = (j: number) => {
    let joined = '';
    for (let n = 0; n < 3 && j + n < words.length; n++) if (keys.has((joined += words[j + n]))) return true;
    return false;
  };
  for (let i = 0; i < words.length; i++) {
    if (!NEGATIONS.has(words[i])) continue;
    if (namedAt(i + 1) || (words[i + 1]?.length <= 3 && namedAt(i + 2))) return true;
  }
  return false;
}

/** "Real" as said of an account ("the real one is @…", "le vrai compte : @…", "настоящий аккаунт @…"), folded. */
const REAL_WORDS = new Set(
  [
    'real',
    'actual',
    'genuine',
    'vrai',
    'vraie',
    'echte',
    'echter',
    'echten',
    'verdadera',
    'verdadero',
    'verdadeira',
    'verdadeiro',
    'vero',
    'vera',
    'prawdziwe',
    'prawdziwy',
    'prawdziwa',
    'gercek',
    'asli',
    'настоящий',
    'настоящая',
    'справжній',
    'справжня',
  ].map(fold),
);
/** First-person possessives before "real": "my real account is @…" is the owner's own other account. */
const POSSESSIVES = new Set(
  ['my', 'mi', 'mein', 'meine', 'meinen', 'mon', 'ma', 'meu', 'minha', 'moje', 'moj', 'moja', 'мой', 'моя', 'мій', 'моя'].map(fold),
);

/**
 * The text names another account by `@` as the real one ("parody 🎭 the real one is @…", "real
 * account → @…", "der echte Account: @…"): a "real" word among the five words before the `@` on its
 * line, not after a first-person possessive ("my real account: @…" is the owner's own) nor as "real
 * estate". An account deferring so is not the one it defers to: a parody, a fan's, an impostor's
 * alibi — the creator's own accounts never call another account the real one.
 */
function defersToAnother(text: string): boolean {
  if (!text.includes('@')) return false;
  for (const line of text.slice(0, 4000).split(/\r?\n|(?<=[.!?])\s+/)) {
    const m = /(?<![\p{L}\p{N}._%+-])@[A-Za-z0-9._-]{2,40}/u.exec(line);
    if (!m) continue;
    const words = fold(line.slice(0, m.index))
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(-5);
    for (let i = 0; i < words.length; i++)
      if (REAL_WORDS.has(words[i]) && !POSSESSIVES.has(words[i - 1] ?? '') && words[i + 1] !== 'estate') return true;
  }
  return false;
}

export interface Markers {
  fan: boolean;
  second: boolean;
  lookalike: boolean;
}

/**
 * What `account` says about itself, next to the creator's keys (`key()` of its handles and
 * display name): fan words or phrases in its name, bio or around the creator's name in its
 * handle, or a disclaimer that it is not the creator (`disclaimsCreator`); second-account words or phrases likewise; a handle that is the creator's plus padding
 * or one doubled letter.
 */
export function markersOf(
  account: { handle: string; displayName: string | null; bio: string | null },
  creatorKeys: readonly string[],
  creatorHandles: readonly string[] = [],
): Markers {
  const name = account.displayName ?? '';
  const bio = account.bio ?? '';
  const handleWords = wordsAround(account.handle, creatorKeys);
  const nameWords =
    wordsAround(name, creatorKeys) ??
    fold(name)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const fan =
    saysFan(name) ||
    saysFan(bio) ||
    nameWords.some((w) => FAN_WORDS.has(w)) ||
    (handleWords ?? []).some((w) => FAN_WORDS.has(w)) ||
    /ファン|팬|粉丝|粉絲|แฟน/u.test(name) ||
    disclaimsCreator(bio, creatorKeys) ||
    disclaimsCreator(name, creatorKeys) ||
    defersToAnother(bio);
  const second =
    saysSecond(bio) ||
    saysSecond(name) ||
    (wordsAround(name, creatorKeys) ?? []).some((w) => SECOND_WORDS.has(w)) ||
    (handleWords ?? []).some((w) => SECOND_WORDS.has(w));
  const lookalike =
    isLookalike(account.handle, creatorKeys, creatorHandles, handleWords) ||
    creatorKeys.some((k) => disguises(account.handle, k) || (!!name && disguises(name, k))) ||
    (FAKE_BADGE.test(name) && wordsAround(name, creatorKeys) !== null);
  return { fan, second, lookalike };
}

/**
 * A verification badge written into a name ("Luna Vale ✔️", "Luna Vale ☑ Official", "(verified)"): the
 * platforms draw their badge beside the name, never in it, so a name holding one (and the creator's
 * name) dresses up as her verified account.
 */
const FAKE_BADGE = /[\u2713\u2714\u2611\u2705\u{1F5F8}\u{1F5F9}]|(?<![\p{L}\p{N}])verified(?![\p{L}\p{N}])/iu;

/**
 * A text's confusables skeletons (Unicode TR39 §4: NFD, every character replaced by its prototype in
 * the confusables table — unhomoglyph's copy of confusables.txt —, NFD), accents and all but letters
 * and digits dropped, lower-cased. Two of them, of the text in lower and in upper case: a handle is
 * case-insensitive and shown as its owner spells it (X's `LunavaIe` is `lunavaie`; capital I is the
 * prototype `l`, lower-case `rn` of `m`, `0` of `O`, Cyrillic `а` of `a`).
 */
export function skeletons(text: string): [string, string] {
  const skeleton = (t: string) =>
    unhomoglyph(t.slice(0, 200).normalize('NFD'))
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  return [skeleton(text.toLowerCase()), skeleton(text.toUpperCase())];
}

/**
 * `text` (a handle or a display name) is the creator's key `k` written in look-alike characters
 * (`lunavaIe`, `lunаvale` in Cyrillic `а`, `rnirasol`, `miras0l`), or that plus padding only
 * (`real_lunavaIe`): the same skeleton in the same case (skeletons) under other letters — a disguise;
 * the creator's own spellings keep its letters. Keys of four characters or more.
 */
function disguises(text: string, k: string): boolean {
  // Her letters as they are (padded or not) are no disguise: the padding rules read those.
  if (k.length < 4 || key(text).includes(k)) return false;
  const [tl, tu] = skeletons(text);
  const [kl, ku] = skeletons(k);
  const padded = (t: string, c: string) => {
    const words = t === c ? [] : wordsAround(t, [c]);
    return t === c || (!!words && words.length > 0 && words.every((w) => PADDING_WORDS.has(w)));
  };
  return padded(tl, kl) || padded(tu, ku);
}

/** A handle's shape: lower-cased, every separator one `_` (Instagram's `mira.sol` is X's `mira_sol`). */
const shape = (h: string) => h.toLowerCase().replace(/[._-]/g, '_');
/** How many separators (`.`, `_`, `-`) a handle has. */
const separators = (h: string) => h.replace(/[^._-]/g, '').length;
/** A separator at a handle's start or end: padding, never a spelling of a name (`_anasofia`, `anasofia_`). */
const edged = (h: string) => /^[._-]|[._-]$/.test(h);
/** Where a handle's separators split its letters (`luna.vale` → {4}), by how many letters come before each. */
const splits = (h: string): Set<number> => {
  const out = new Set<number>();
  let letters = 0;
  for (const ch of h)
    if (/[._-]/.test(ch)) out.add(letters);
    else letters++;
  return out;
};
/**
 * `h` splits the letters where `c` does not (`lunav_ale` beside `luna.vale`): a separator moved or
 * added — another platform's spelling only leaves them out or changes them (`lunavale`, `luna_vale`).
 */
const splitsElsewhere = (h: string, c: string): boolean => {
  const at = splits(c);
  return [...splits(h)].some((i) => !at.has(i));
};

/**
 * The creator's handle plus padding only (`_`, `x`, `real`, `its`, `official`…), with one letter
 * doubled, or with separators of its own (`mirasol__`, `mira.sol.` beside `mirasol`) — not the
 * same separators in another platform's spelling.
 */
function isLookalike(handle: string, creatorKeys: readonly string[], creatorHandles: readonly string[], words: string[] | null): boolean {
  const h = key(handle);
  // The same letters: a look-alike only with separators of its own, beyond every spelling the
  // creator uses (`mirasol__`, `mira.sol.`); fewer or other ones (`camillelit`, `camille.lit` beside
  // `camille_lit`) are another platform's spelling — as isPaddedCopy reads them.
  // A separator at the edge the creator's spellings lack is padding whatever else moved (`anasofia_`
  // beside `ana_sofia`).
  if (creatorKeys.includes(h))
    return (
      creatorHandles.length > 0 &&
      !creatorHandles.some((c) => shape(c) === shape(handle)) &&
      ((edged(handle) && !creatorHandles.some(edged)) ||
        !creatorHandles.some((c) => separators(handle) <= separators(c) && !splitsElsewhere(handle, c)))
    );
  if (words && words.length > 0 && words.every((w) => PADDING_WORDS.has(w))) return true;
  for (const k of creatorKeys) {
    if (k.length < 4 || h.length !== k.length + 1) continue;
    for (let i = 1; i < h.length; i++) if (h[i] === h[i - 1] && h.slice(0, i) + h.slice(i + 1) === k) return true;
  }
  return false;
}

/**
 * `@handle`s a text names on a line that says second account ("サブ垢: @hoshi_sub", "부계정
 * @jiwoo.sub2", "Akun kedua: @rizky2"): the creator naming an account of its own, on the same
 * platform when nothing else is said. Lower-cased.
 */
export function secondAccountMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const line of text.split(/\r?\n|(?<=[.!?])\s+|(?<=[。！？])/))
    if (saysSecond(line)) for (const h of handleMentions(line)) out.add(h);
  return [...out];
}

/**
 * Platform names a second-account line may use to say where the account is ("인스타 부계정: @…",
 * "IG second account: @…", "サブ垢(インスタ): @…"), folded, by the platform label: each platform's
 * own (its definition's `names.secondLine`, src/platforms/definition.ts).
 */
export const SECOND_LINE_PLATFORMS: ReadonlyMap<string, string> = new Map(
  platforms.flatMap((p) => (p.names?.secondLine ?? []).map((w) => [fold(w), p.label] as const)),
);

/**
 * `secondAccountMentions` with where each is: the platforms its line names
 * (SECOND_LINE_PLATFORMS), else `platform` — the naming account's own.
 */
export function secondAccountMentionsOn(text: string | null | undefined, platform: string): { handle: string; platforms: string[] }[] {
  if (!text) return [];
  const out = new Map<string, Set<string>>();
  for (const line of text.split(/\r?\n|(?<=[.!?])\s+|(?<=[。！？])/)) {
    if (!saysSecond(line)) continue;
    const named = new Set(
      fold(line.replace(/@[A-Za-z0-9._-]+/g, ' '))
        .split(/[^\p{L}\p{N}]+/u)
        .map((w) => SECOND_LINE_PLATFORMS.get(w))
        .filter((p): p is string => !!p),
    );
    for (const h of handleMentions(line)) {
      const at = out.get(h) ?? new Set<string>();
      for (const p of named.size ? named : [platform]) at.add(p);
      out.set(h, at);
    }
  }
  return [...out].map(([handle, platforms]) => ({ handle, platforms: [...platforms] }));
}

/** `@handle` mentions in a text (the creator's bio, a website page), lower-cased. */
export function handleMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}._%+-])@([A-Za-z0-9._-]{2,40})(?![\p{L}\p{M}\p{N}])/gu))
    out.add(m[1].replace(/[._-]+$/, '').toLowerCase());
  return [...out];
}

/**
 * Handles a bio writes bare, without an `@` ("טיקטוק: noa.bakes", after a label in a language the
 * mention lists do not know): a word of `a-z0-9` parts joined by `.` or `_` — what sets a handle
 * apart from a word —, not part of an address, a URL or a longer name (`noa.bakes.tlv@…` names
 * no `noa.bakes`), and no domain name (`gretaclay.se`: a public suffix ends it). Lower case.
 */
export function bareHandleMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(
    /(?<![\p{L}\p{M}\p{N}._%+@/-])([A-Za-z0-9]+(?:[._][A-Za-z0-9]+)+)(?![\p{L}\p{M}\p{N}@/]|[._-][\p{L}\p{N}])/gu,
  )) {
    const h = m[1].toLowerCase();
    if (h.length <= 30 && !parseDomain(h).isIcann) out.add(h);
  }
  return [...out];
}

/**
 * `handle` is `of` (another handle the creator is verified under) copied with padding only: the
 * same separators plus more (`tomasz.grilluje_`, `_tomasz.grilluje`, `tomasz..grilluje`), the same
 * letters with a separator at the edge `of` lacks (`tomaszgrilluje_`), a padding word
 * (`tomasz.grilluje.official`, `realtomasz.grilluje`), or one letter doubled — what an impostor
 * copying that account picks. Another platform's spelling of the same name (`tomasz_grilluje`) is no copy.
 */
export function isPaddedCopy(handle: string, of: string): boolean {
  const h = handle.toLowerCase();
  const c = of.toLowerCase();
  const k = key(c);
  if (h === c || k.length < 4) return false;
  const seps = separators;
  const bare = (x: string) => shape(x).replace(/_+/g, '_').replace(/^_|_$/g, '');
  if (bare(h) === bare(c) && seps(h) > seps(c)) return true;
  // The same letters split elsewhere (`tomaszg.rilluje`): a separator moved, no spelling of the name
  // (one added to a handle without any, `lantern_hollows` of `lanternhollows.com`, may be).
  if (key(h) === k && separators(c) > 0 && splitsElsewhere(h, c)) return true;
  if (key(h) === k && edged(h) && !edged(c)) return true;
  const words = wordsAround(h, [k]);
  if (words && words.length > 0 && words.every((w) => PADDING_WORDS.has(w))) return true;
  const kh = key(h);
  if (kh.length === k.length + 1)
    for (let i = 1; i < kh.length; i++) if (kh[i] === kh[i - 1] && kh.slice(0, i) + kh.slice(i + 1) === k) return true;
  // Its letters written in look-alike characters (`tomasz.gri1luje`, `tornasz.grilluje`).
  return disguises(handle, k);
}
