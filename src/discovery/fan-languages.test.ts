/**
 * Fan / unofficial wording in more of the languages creators and their fans write (session 40's
 * class 3): an account that says in its own language that it is a fan page, a fan club or not
 * official is marked `fan_marker`; the creator's own "official page — thanks to my fans" is not.
 * The bios are our own, written for this test (no capture); each language both ways.
 */
import { describe, expect, it } from 'vitest';
import { key, markersOf } from './markers.js';

const KEYS = [key('kavyarao'), key('Kavya Rao')];
const fan = (bio: string, displayName = 'Someone') => markersOf({ handle: 'someone_else', displayName, bio }, KEYS, ['kavyarao']).fan;

/** [language, a fan's bio, the creator's own bio in that language that must not read as a fan's]. */
const CASES: [string, string, string][] = [
  ['Tamil', 'காவ்யா ரசிகர் பக்கம் — இது அதிகாரப்பூர்வமற்றது', 'காவ்யாவின் அதிகாரப்பூர்வ பக்கம் · என் ரசிகர்களுக்கு நன்றி'],
  ['Tamil (fan club)', 'காவ்யா ரசிகர் மன்றம் 🌸', 'புதிய வீடியோ ஒவ்வொரு வெள்ளிக்கிழமையும்'],
  ['Tamil (not the account)', 'இது அதிகாரப்பூர்வ கணக்கு அல்ல, வெறும் ரசிகை', 'என் அதிகாரப்பூர்வ கணக்கு இது மட்டுமே'],
  ['Hindi', 'काव्या के प्रशंसकों का पेज · गैर-आधिकारिक', 'काव्या का आधिकारिक पेज — सभी प्रशंसकों को धन्यवाद'],
  ['Telugu', 'కావ్య అభిమానుల పేజీ (అనధికారికం)', 'కావ్య అధికారిక పేజీ'],
  ['Kannada', 'ಕಾವ್ಯ ಅಭಿಮಾನಿಗಳ ಪುಟ — ಅನಧಿಕೃತ', 'ಕಾವ್ಯ ಅವರ ಅಧಿಕೃತ ಪುಟ'],
  ['Malayalam', 'കാവ്യ ഫാൻ പേജ് · അനൗദ്യോഗികം', 'കാവ്യയുടെ ഔദ്യോഗിക പേജ്, ആരാധകർക്ക് നന്ദി'],
  ['Urdu', 'کاویہ کا فین پیج — غیر آفیشل', 'کاویہ کا آفیشل پیج'],
  ['Gujarati', 'કાવ્યા ફેન પેજ (બિનસત્તાવાર)', 'કાવ્યાનું સત્તાવાર પેજ'],
  ['Punjabi', 'ਕਾਵਿਆ ਫੈਨ ਪੇਜ — ਅਣਅਧਿਕਾਰਤ', 'ਕਾਵਿਆ ਦਾ ਅਧਿਕਾਰਤ ਪੇਜ'],
  ['Russian', 'фан-группа Кавьи, фанатский канал', 'Официальный канал Кавьи. Спасибо всем фанатам!'],
  ['Russian (not official)', 'Аккаунт не является официальным', 'Это мой официальный аккаунт'],
  ['Turkish', 'Kavya hayran sayfamız · resmi hesap değildir', 'Kavya resmi hesabı — hayranlarıma teşekkürler'],
  ['Swahili', 'Ukurasa wa mashabiki wa Kavya — si rasmi', 'Ukurasa rasmi wa Kavya'],
  ['Serbian', 'nezvanična fan stranica', 'zvanična stranica'],
  ['Croatian', 'neslužbena stranica obožavatelja', 'službena stranica'],
  ['Bulgarian', 'фен страница, неофициална', 'официална страница на Кавя'],
  ['Danish', 'uofficiel fanside for Kavya', 'officiel side for Kavya'],
  ['Norwegian', 'uoffisiell fanside', 'offisiell side'],
  ['Azerbaijani', 'Kavya fan səhifəsi — qeyri-rəsmi', 'Kavya rəsmi səhifəsi'],
  ['Uzbek', 'Kavya muxlislar sahifasi · norasmiy', 'Kavya rasmiy sahifasi'],
  ['Kazakh', 'Кавьяның фан парақшасы — ресми емес', 'Кавьяның ресми парақшасы'],
  ['Sinhala', 'කාව්‍යා රසික පිටුව — නිල නොවන', 'කාව්‍යාගේ නිල පිටුව'],
  ['Georgian', 'კავიას ფან გვერდი — არაოფიციალური', 'კავიას ოფიციალური გვერდი'],
  ['Armenian', 'Կավյայի ֆան էջ — ոչ պաշտոնական', 'Կավյայի պաշտոնական էջ'],
  ['Lithuanian', 'neoficialus gerbėjų puslapis', 'oficialus puslapis'],
  ['Estonian', 'mitteametlik fännileht', 'ametlik leht'],
  ['Slovenian', 'neuradna stran oboževalcev', 'uradna stran'],
  ['Filipino', 'para sa mga tagahanga ni Kavya · hindi opisyal na account', 'opisyal na account ni Kavya'],
  ['Khmer', 'ទំព័រអ្នកគាំទ្រ កាវ្យា (មិនមែនផ្លូវការ)', 'ទំព័រផ្លូវការរបស់ កាវ្យា'],
];

describe('fan and unofficial wording in more languages (class 3)', () => {
  it.each(CASES)('%s: a fan says so; the creator’s own official bio is no fan’s', (_lang, fanBio, ownBio) => {
    expect(fan(fanBio), fanBio).toBe(true);
    expect(fan(ownBio, 'Kavya Rao'), ownBio).toBe(false);
  });

  it('a phrase that is a word’s beginning still needs the word to begin there (no match inside another word)', () => {
    // "hayran sayfa*" must begin a word: "şahayran sayfası" is no such phrase; nor is "zvanična" "nezvanična".
    expect(fan('şahayran sayfası')).toBe(false);
    expect(fan('zvanična stranica Kavye')).toBe(false);
  });
});
