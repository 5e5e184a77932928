/**
 * Whether the creator's own text about a link or an `@handle` names ANOTHER person: its manager,
 * agency, co-host, editor, photographer, a relative, a friend — or a credit ("photos by @…").
 * Read in the creator's text about a link (a link page's title for it, the bio line that holds it,
 * the text of its block on a page) and nowhere else.
 *
 * The structure is the same in every language; only the words differ:
 *  - a first-person possessive with a relation word: before it ("my sister", "minha co-apresentadora",
 *    "moja siostra", "мой менеджер", "제 여동생", "我的经纪人", "मेरी बहन"), after it ("adik saya",
 *    "chị gái tôi", "พี่สาวของฉัน") or inside it (Turkish "kardeşim", Arabic "أختي", Indonesian
 *    "adikku"); up to two words may sit between ("my big sister");
 *  - a relation word as a label ("Manager: …", "Co-host — @…", "매니저: …", "经纪人：…");
 *  - a credit ("photos by", "edited by", "represented by").
 * A relation word alone is the creator describing itself ("Photographer. Accra."), and one
 * followed by the creator's own thing ("sister channel", "friends podcast") is its own.
 *
 * The words cover the ~20 languages creators write most (English, Spanish, Portuguese, French,
 * German, Italian, Dutch, Polish, Turkish, Russian, Ukrainian, Indonesian, Malay, Vietnamese, Thai,
 * Japanese, Korean, Chinese, Arabic, Hindi): work (manager, agency, co-host and its family, editor,
 * photographer, partner) and family and friends. Not exhaustive: a relation in a language not
 * here leaves the link the creator's claim.
 */
import { fold, handleMentions } from './markers.js';

interface Language {
  /** Possessives written before the relation word (a space between: "my", "minha", "제"). */
  before?: string[];
  /** Possessives written after it ("saya", "tôi", "ของฉัน"). */
  after?: string[];
  /** Possessive suffixes glued to it (Indonesian "-ku"). */
  suffix?: string[];
  /** Relation words. */
  words: string[];
  /** Words that are possessive by themselves (Turkish "kardeşim", Arabic "أختي"): count alone. */
  mine?: string[];
  /** Letters of a case ending a `mine` word may take (Turkish "arkadaşımın" my friend's, "menajerimle" with my manager). */
  caseEnding?: number;
}

const LANGUAGES: Language[] = [
  {
    // English
    before: ['my', 'our'],
    words: [
      'manager',
      'management',
      'mgmt',
      'agent',
      'agency',
      'booker',
      'booking agent',
      'publicist',
      'co-host',
      'cohost',
      'co host',
      'co-presenter',
      'copresenter',
      'co-anchor',
      'co-creator',
      'co-founder',
      'cofounder',
      'partner',
      'business partner',
      'editor',
      'cutter',
      'photographer',
      'videographer',
      'roster',
      'sister',
      'sis',
      'brother',
      'bro',
      'mom',
      'mum',
      'mother',
      'dad',
      'father',
      'wife',
      'wifey',
      'husband',
      'hubby',
      'spouse',
      'boyfriend',
      'girlfriend',
      'fiance',
      'fiancee',
      'daughter',
      'son',
      'cousin',
      'twin',
      'aunt',
      'uncle',
      'grandma',
      'grandpa',
      'niece',
      'nephew',
      'friend',
      'bestie',
      'bff',
    ],
  },
  {
    // German
    before: ['mein', 'meine', 'meinem', 'meinen', 'meiner', 'meines', 'unser', 'unsere', 'unserem', 'unseren', 'unserer'],
    words: [
      'managerin',
      'agentur',
      'co-moderator',
      'co-moderatorin',
      'cutterin',
      'monteur',
      'monteurin',
      'fotograf',
      'fotografin',
      'schwester',
      'bruder',
      'mama',
      'mutter',
      'papa',
      'vater',
      'frau',
      'ehefrau',
      'mann',
      'ehemann',
      'freund',
      'freundin',
      'verlobte',
      'verlobter',
      'tochter',
      'sohn',
      'cousine',
      'zwilling',
      'zwillingsschwester',
      'oma',
      'opa',
      'tante',
      'onkel',
    ],
  },
  {
    // Spanish
    before: ['mi', 'mis', 'nuestro', 'nuestra', 'nuestros', 'nuestras'],
    words: [
      'agencia',
      'representante',
      'empresario',
      'empresaria',
      'copresentador',
      'copresentadora',
      'co-presentador',
      'co-presentadora',
      'coanfitrion',
      'coanfitriona',
      'editora',
      'fotografo',
      'fotografa',
      'socio',
      'socia',
      'hermana',
      'hermano',
      'hermanita',
      'hermanito',
      'madre',
      'padre',
      'esposa',
      'esposo',
      'marido',
      'mujer',
      'novio',
      'novia',
      'prometido',
      'prometida',
      'hija',
      'hijo',
      'prima',
      'primo',
      'amigo',
      'amiga',
      'mejor amiga',
      'mejor amigo',
      'gemela',
      'gemelo',
      'abuela',
      'abuelo',
      'tia',
      'tio',
      'pareja',
    ],
  },
  {
    // Portuguese
    before: ['meu', 'minha', 'meus', 'minhas', 'nosso', 'nossa', 'nossos', 'nossas'],
    words: [
      'empresaria',
      'agencia',
      'assessoria',
      'assessor',
      'assessora',
      'coapresentador',
      'coapresentadora',
      'co-apresentador',
      'co-apresentadora',
      'editora',
      'fotografo',
      'fotografa',
      'socio',
      'socia',
      'parceiro',
      'parceira',
      'irma',
      'irmao',
      'irmazinha',
      'irmaozinho',
      'mae',
      'pai',
      'esposa',
      'esposo',
      'marido',
      'mulher',
      'namorado',
      'namorada',
      'noivo',
      'noiva',
      'filha',
      'filho',
      'prima',
      'primo',
      'amigo',
      'amiga',
      'melhor amiga',
      'melhor amigo',
      'gemea',
      'gemeo',
      'avo',
      'tia',
      'tio',
      'cunhada',
      'cunhado',
    ],
  },
  {
    // French
    before: ['mon', 'ma', 'mes', 'notre', 'nos'],
    words: [
      'agence',
      'agent',
      'co-animateur',
      'co-animatrice',
      'coanimateur',
      'coanimatrice',
      'monteur',
      'monteuse',
      'photographe',
      'associe',
      'associee',
      'soeur',
      'sœur',
      'frere',
      'maman',
      'mere',
      'papa',
      'pere',
      'femme',
      'mari',
      'copain',
      'copine',
      'compagnon',
      'compagne',
      'fiance',
      'fiancee',
      'fille',
      'fils',
      'cousine',
      'cousin',
      'ami',
      'amie',
      'meilleure amie',
      'meilleur ami',
      'jumelle',
      'jumeau',
      'tante',
      'oncle',
    ],
  },
  {
    // Italian
    before: ['mio', 'mia', 'miei', 'mie', 'nostro', 'nostra', 'nostri', 'nostre'],
    words: [
      'agenzia',
      'co-conduttore',
      'co-conduttrice',
      'coconduttore',
      'coconduttrice',
      'montatore',
      'montatrice',
      'fotografo',
      'fotografa',
      'socio',
      'socia',
      'sorella',
      'sorellina',
      'fratello',
      'fratellino',
      'mamma',
      'madre',
      'papa',
      'padre',
      'moglie',
      'marito',
      'fidanzato',
      'fidanzata',
      'compagno',
      'compagna',
      'figlia',
      'figlio',
      'cugina',
      'cugino',
      'amico',
      'amica',
      'migliore amica',
      'gemella',
      'gemello',
      'nonna',
      'nonno',
      'zia',
      'zio',
    ],
  },
  {
    // Dutch
    before: ['mijn', 'onze', 'ons'],
    words: [
      'fotograaf',
      'zus',
      'zusje',
      'broer',
      'broertje',
      'moeder',
      'vader',
      'vrouw',
      'man',
      'vriend',
      'vriendin',
      'verloofde',
      'dochter',
      'zoon',
      'nicht',
      'neef',
      'tweelingzus',
      'oma',
      'opa',
    ],
  },
  {
    // Polish (the cases a possessive takes: "mojej siostry", "mojego brata")
    before: ['moja', 'mój', 'moj', 'moje', 'moi', 'mojej', 'mojego', 'mojemu', 'moją', 'nasza', 'nasz', 'naszej', 'naszego', 'nasze'],
    words: [
      'menedżer',
      'menedżerka',
      'menadżer',
      'menadżerka',
      'agencja',
      'agencji',
      'współprowadzący',
      'współprowadząca',
      'współprowadzącej',
      'współprowadzącego',
      'montażysta',
      'montażystka',
      'fotograf',
      'fotografka',
      'wspólnik',
      'wspólniczka',
      'siostra',
      'siostry',
      'siostrze',
      'siostrę',
      'siostrzyczka',
      'brat',
      'brata',
      'bratu',
      'mama',
      'mamy',
      'tata',
      'taty',
      'mąż',
      'męża',
      'żona',
      'żony',
      'chłopak',
      'chłopaka',
      'dziewczyna',
      'dziewczyny',
      'narzeczony',
      'narzeczona',
      'córka',
      'córki',
      'syn',
      'syna',
      'kuzynka',
      'kuzyn',
      'przyjaciel',
      'przyjaciela',
      'przyjaciółka',
      'przyjaciółki',
      'bliźniaczka',
      'babcia',
      'dziadek',
      'ciocia',
      'wujek',
    ],
  },
  {
    // Turkish: the possessive is a suffix ("kardeşim" my sibling, "menajerim" my manager), a case ending after it.
    before: ['benim'],
    caseEnding: 3,
    words: ['menajer', 'ajans', 'editör', 'fotoğrafçı', 'kardeş', 'abla', 'ağabey', 'abi', 'anne', 'baba', 'eş', 'sevgili', 'arkadaş'],
    mine: [
      'menajerim',
      'menajerimiz',
      'ajansım',
      'ajansımız',
      'editörüm',
      'fotoğrafçım',
      'kardeşim',
      'kız kardeşim',
      'erkek kardeşim',
      'ablam',
      'abim',
      'ağabeyim',
      'annem',
      'babam',
      'eşim',
      'karım',
      'kocam',
      'sevgilim',
      'nişanlım',
      'kızım',
      'oğlum',
      'kuzenim',
      'arkadaşım',
      'teyzem',
      'halam',
      'dayım',
      'amcam',
      'yardımcı sunucum',
      'ortağım',
    ],
  },
  {
    // Russian
    before: ['мой', 'моя', 'моё', 'мое', 'мои', 'моей', 'моего', 'моему', 'мою', 'наш', 'наша', 'наше', 'нашей', 'нашего'],
    words: [
      'менеджер',
      'менеджера',
      'агент',
      'агентство',
      'агентства',
      'соведущий',
      'соведущая',
      'соведущей',
      'соведущего',
      'монтажёр',
      'монтажер',
      'фотограф',
      'партнёр',
      'партнер',
      'сестра',
      'сестры',
      'сестрёнка',
      'сестренка',
      'брат',
      'брата',
      'мама',
      'мамы',
      'папа',
      'жена',
      'жены',
      'муж',
      'мужа',
      'парень',
      'девушка',
      'подруга',
      'подруги',
      'друг',
      'друга',
      'дочь',
      'дочка',
      'сын',
      'сына',
      'близняшка',
      'бабушка',
      'дедушка',
    ],
  },
  {
    // Ukrainian
    before: ['мій', 'моя', 'моє', 'мої', 'моєї', 'мого', 'мою', 'наш', 'наша', 'нашої', 'нашого'],
    words: [
      'менеджер',
      'менеджерка',
      'агенція',
      'співведучий',
      'співведуча',
      'монтажер',
      'фотограф',
      'фотографка',
      'сестра',
      'сестри',
      'сестричка',
      'брат',
      'брата',
      'мама',
      'тато',
      'дружина',
      'чоловік',
      'хлопець',
      'дівчина',
      'подруга',
      'друг',
      'донька',
      'дочка',
      'син',
      'бабуся',
      'дідусь',
    ],
  },
  {
    // Indonesian and Malay: possessive after ("adik saya") or glued ("adikku").
    after: ['saya', 'aku', 'gue', 'gw', 'kami', 'kita'],
    suffix: ['ku'],
    words: [
      'manajer',
      'manager',
      'pengurus',
      'agensi',
      'editor',
      'fotografer',
      'jurugambar',
      'kakak',
      'kakak perempuan',
      'adik',
      'adik perempuan',
      'abang',
      'ibu',
      'ayah',
      'mama',
      'papa',
      'istri',
      'isteri',
      'suami',
      'pacar',
      'teman',
      'sahabat',
      'kawan',
      'anak',
      'sepupu',
      'tunangan',
      'partner',
    ],
  },
  {
    // Vietnamese: possessive after ("chị gái tôi", "quản lý của mình").
    after: ['tôi', 'mình', 'của tôi', 'của mình', 'của em'],
    words: [
      'quản lý',
      'người quản lý',
      'biên tập viên',
      'nhiếp ảnh gia',
      'chị gái',
      'em gái',
      'anh trai',
      'em trai',
      'chị',
      'mẹ',
      'bố',
      'ba',
      'vợ',
      'chồng',
      'bạn trai',
      'bạn gái',
      'bạn thân',
      'con gái',
      'con trai',
    ],
  },
  {
    // Thai: possessive after ("พี่สาวของฉัน"), written without spaces.
    after: ['ของฉัน', 'ของผม', 'ของเรา', 'ของหนู', 'ของเค้า'],
    words: ['ผู้จัดการ', 'พี่สาว', 'น้องสาว', 'พี่ชาย', 'น้องชาย', 'แม่', 'พ่อ', 'ภรรยา', 'สามี', 'แฟน', 'เพื่อน', 'ลูกสาว', 'ลูกชาย', 'ช่างภาพ'],
  },
  {
    // Japanese
    before: ['私の', 'わたしの', '僕の', 'ぼくの', '俺の', 'うちの', '我が'],
    words: [
      'マネージャー',
      'マネジャー',
      '事務所',
      '相方',
      '編集者',
      'カメラマン',
      '妹',
      '姉',
      '弟',
      '兄',
      '母',
      '父',
      '妻',
      '夫',
      '嫁',
      '旦那',
      '彼氏',
      '彼女',
      '娘',
      '息子',
      '友達',
      '親友',
    ],
  },
  {
    // Korean
    before: ['제', '내', '나의', '저의', '우리', '저희'],
    words: [
      '매니저',
      '소속사',
      '편집자',
      '사진작가',
      '공동 진행자',
      '언니',
      '누나',
      '여동생',
      '남동생',
      '동생',
      '오빠',
      '형',
      '엄마',
      '아빠',
      '아내',
      '남편',
      '와이프',
      '남친',
      '여친',
      '남자친구',
      '여자친구',
      '딸',
      '아들',
      '친구',
      '절친',
    ],
  },
  {
    // Chinese
    before: ['我的', '我', '我们的', '我們的'],
    words: [
      '经纪人',
      '經紀人',
      '经纪公司',
      '經紀公司',
      '剪辑师',
      '剪輯師',
      '摄影师',
      '攝影師',
      '搭档',
      '搭檔',
      '妹妹',
      '姐姐',
      '弟弟',
      '哥哥',
      '妈妈',
      '媽媽',
      '爸爸',
      '老婆',
      '老公',
      '妻子',
      '丈夫',
      '男朋友',
      '女朋友',
      '男友',
      '女友',
      '女儿',
      '女兒',
      '儿子',
      '兒子',
      '朋友',
      '闺蜜',
      '閨蜜',
    ],
  },
  {
    // Arabic: the possessive is a suffix ("أختي" my sister, "مديري" my manager).
    words: ['مدير أعمال', 'مديرة أعمال', 'وكالة', 'مصور', 'مصورة'],
    mine: [
      'مدير أعمالي',
      'مديرة أعمالي',
      'مديري',
      'وكيلي',
      'وكالتي',
      'مصوري',
      'أختي',
      'اختي',
      'أخي',
      'اخي',
      'أمي',
      'امي',
      'أبي',
      'ابي',
      'زوجتي',
      'زوجي',
      'خطيبي',
      'خطيبتي',
      'ابنتي',
      'بنتي',
      'ابني',
      'صديقي',
      'صديقتي',
      'شريكي',
      'شريكتي',
    ],
  },
  {
    // Hindi
    before: ['मेरी', 'मेरा', 'मेरे', 'हमारी', 'हमारा', 'हमारे'],
    words: ['मैनेजर', 'एजेंसी', 'एडिटर', 'फोटोग्राफर', 'बहन', 'भाई', 'माँ', 'मां', 'मम्मी', 'पापा', 'पिता', 'पत्नी', 'पति', 'दोस्त', 'बेटी', 'बेटा'],
  },
];

/** Credits: the account made something for the creator, or is the creator's agency or partner. */
const CREDIT_PHRASES = [
  'photos by',
  'photo by',
  'photography by',
  'shot by',
  'edited by',
  'editing by',
  'editing for',
  'edits for',
  'produced by',
  'managed by',
  'represented by',
  'designed by',
  'co-hosted by',
  'cohosted by',
  'co-hosted with',
  'hosted with',
  'fotos von',
  'fotos de',
  'photos de',
  'foto di',
  'editado por',
  'gestion par',
  'representado por',
  'representada por',
  'agenciado por',
  'agenciada por',
  'apresentado com',
  'présenté avec',
  'gestito da',
  'management von',
  'zdjęcia:',
  'fot.',
];
/** A relation word directly followed by one of these names the creator's own thing ("sister channel", "friends podcast"). */
const OWN_THING =
  '(?:channel|account|acc|page|brand|show|podcast|site|shop|store|project|kanal|canal|chaine|compte|cuenta|conta|konto|hesap|hesabı|kanalı|akun|kênh|チャンネル|채널|频道|頻道)';

/** Scripts written with spaces between words: there a word is whole only between non-letters. */
const SPACED = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\s'’.:-]+$/u;
const W = '[\\p{L}\\p{N}\\p{M}]';
const esc = (w: string) =>
  fold(w)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[\s-]+/g, '[\\s-]?');
/**
 * A word as a whole word where words are spaced (English plurals and "'s" allowed; a Korean
 * relation word takes its particles: `particles`), as a substring in scripts without spaces.
 */
function whole(words: string[], opts: { own?: boolean; particles?: boolean } = {}): string {
  const spaced = words.filter((w) => SPACED.test(w));
  const other = words.filter((w) => !SPACED.test(w));
  const own = opts.own ? `(?!\\s*${OWN_THING}(?!${W}))` : '';
  const parts: string[] = [];
  const hangul = spaced.filter((w) => opts.particles && /\p{Script=Hangul}/u.test(w));
  const rest = spaced.filter((w) => !hangul.includes(w));
  if (rest.length) parts.push(`(?<!${W})(?:${rest.map(esc).join('|')})(?:s|es|['’]s)?(?!${W})${own}`);
  if (hangul.length) parts.push(`(?<!${W})(?:${hangul.map(esc).join('|')})${own}`);
  if (other.length) parts.push(`(?:${other.map(esc).join('|')})${own}`);
  return parts.length ? `(?:${parts.join('|')})` : '(?!)';
}

/** Short Latin words that are other words too ("me" is Vietnamese "mẹ" folded): never a label on their own. */
const labelWord = (w: string) => !/^[\p{Script=Latin}\s-]+$/u.test(w) || fold(w).replace(/[^\p{L}]/gu, '').length >= 4;

function languagePatterns(l: Language): string[] {
  const words = whole(l.words, { own: true, particles: true });
  const out: string[] = [];
  if (l.before?.length) out.push(`${whole(l.before)}\\s*(?:${W}+\\s+){0,2}?${words}`);
  if (l.after?.length) out.push(`${words}\\s*${whole(l.after)}`);
  if (l.suffix?.length) out.push(`(?<!${W})(?:${l.words.map(esc).join('|')})(?:${l.suffix.join('|')})(?!${W})`);
  if (l.mine?.length)
    out.push(l.caseEnding ? `(?<!${W})(?:${l.mine.map(esc).join('|')})\\p{L}{0,${l.caseEnding}}(?!${W})` : whole(l.mine, { own: true }));
  // A label: "Manager: …", "Co-host — @…", "매니저: …", "经纪人：…" (never the end of a longer word).
  const labels = [...l.words, ...(l.mine ?? [])].filter(labelWord);
  if (labels.length) out.push(`(?<!${W})${whole(labels, { particles: true })}\\s*[:：—–→➡▶👉-]`);
  return out;
}

/** Work words every language borrows from English ("Mein Management", "mi manager", "moja menedżerka… agent"). */
const LOANWORDS = [
  'manager',
  'management',
  'mgmt',
  'agent',
  'agency',
  'booker',
  'editor',
  'photographer',
  'videographer',
  'co-host',
  'cohost',
  'partner',
  'roster',
  'bestie',
  'bff',
];
/**
 * Languages written in Latin letters with possessives before the word share them ("mi manager",
 * "my hermana" in a bilingual bio); every language takes the loanwords.
 */
const LATIN_BEFORE = LANGUAGES.filter((l) => l.before?.length && l.before.every((w) => /^\p{Script=Latin}+$/u.test(w)));
const LATIN: Language = { before: LATIN_BEFORE.flatMap((l) => l.before!), words: LATIN_BEFORE.flatMap((l) => l.words) };
const RELATION_RE = new RegExp(
  [
    ...[...LANGUAGES, LATIN].map((l) => ({ ...l, words: [...l.words, ...LOANWORDS] })).flatMap(languagePatterns),
    `(?<!${W})(?:${CREDIT_PHRASES.map(esc).join('|')})(?!${W})`,
  ].join('|'),
  'u',
);
/** In a link's own short title alone, an agency needs no more: "Blue Door Management", "Agency", "Agencja Nova". */
const AGENCY_RE = new RegExp(
  whole([
    'management',
    'mgmt',
    'agency',
    'agentur',
    'agencia',
    'agence',
    'agenzia',
    'agencja',
    'ajans',
    'agensi',
    'агентство',
    'агенція',
    'talent',
    '事務所',
    '소속사',
    '经纪公司',
    '經紀公司',
    'وكالة',
  ]),
  'u',
);

/**
 * The creator's text about a link or a handle names a relation to someone else: a possessive
 * ("My manager — Northstar", "my sister's page", "minha co-apresentadora", "moja siostra"), a label
 * ("Editor: Tomi"), a credit ("Photos by @…", "represented by") — that account is another person's.
 * A relation word alone is not enough ("Photographer. Accra." is the creator describing itself),
 * except an agency's in a link's own short title (`short`: at most five words).
 */
export function namesRelation(text: string | null | undefined, opts: { short?: boolean } = {}): boolean {
  if (!text) return false;
  const t = fold(text);
  if (RELATION_RE.test(t)) return true;
  return !!opts.short && t.split(/\s+/).filter(Boolean).length <= 5 && AGENCY_RE.test(t);
}

/** Handles a text names by `@` on a line (or sentence) that names a relation to someone else (`💖 my friend's shop: @lunacrafts`). */
export function relationMentions(text: string | null | undefined): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const part of textParts(text)) if (namesRelation(part)) for (const h of handleMentions(part)) out.add(h);
  return [...out];
}

/**
 * A bio's parts that each speak of one thing: its lines, its sentences, and the pieces of a line a
 * bar or a bullet separates ("IG: lucia.viaja | YT: @luciaviaja | Namorado: @pedro.fotos" is three).
 */
export function textParts(text: string): string[] {
  return text
    .split(/\r?\n|(?<=[.!?])\s+|(?<=[。！？])|\s[|｜•·▪]\s|[|｜•▪]/u)
    .map((x) => x.trim())
    .filter(Boolean);
}
