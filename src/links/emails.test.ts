import { describe, expect, it } from 'vitest';
import { decodeCfEmail, deobfuscate, extractEmails, mailtoAddresses, normaliseEmail } from './emails.js';
import { cpuMs } from '../../test/support/cpu-time.js';

/** Cloudflare's encoding of an address with a given key (the inverse of decodeCfEmail). */
function cfEncode(email: string, key: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return hex(key) + [...new TextEncoder().encode(email)].map((b) => hex(b ^ key)).join('');
}

describe('normaliseEmail', () => {
  it.each<[string, string]>([
    ['miguel@irlangel.com', 'miguel@irlangel.com'],
    ['Miguel.Angeles@IRLANGEL.COM', 'Miguel.Angeles@irlangel.com'],
    ['booking+tour@agency.co.uk', 'booking+tour@agency.co.uk'],
    ['mgmt_team-1@sub.domain-name.io', 'mgmt_team-1@sub.domain-name.io'],
    ['someemail@somedomain.com', 'someemail@somedomain.com'],
    ['mailto:hello@band.fm', 'hello@band.fm'],
    ['Night Owl <hello@nightowl.music>', 'hello@nightowl.music'],
    ['hello@band.com.', 'hello@band.com'],
    ['info@xn--mller-kva.de', 'info@xn--mller-kva.de'],
    ['press@site.blogspot.com', 'press@site.blogspot.com'],
  ])('%s → %s', (input, out) => {
    expect(normaliseEmail(input)).toBe(out);
  });

  it.each([
    // not addresses
    ['no at sign', 'hello.band.com'],
    ['empty local', '@band.com'],
    ['empty domain', 'hello@'],
    ['leading dot', '.hello@band.com'],
    ['double dot', 'hel..lo@band.com'],
    ['single-label domain', 'hello@localhost'],
    ['IP literal', 'hello@127.0.0.1'],
    ['too long local', `${'a'.repeat(65)}@band.com`],
    // invalid suffixes (public suffix list)
    ['unknown tld', 'hello@band.notatld'],
    ['made-up tld', 'a@b.c'],
    ['suffix only', 'hello@co.uk'],
    // file names
    ['retina image', 'logo@2x.png'],
    ['retina jpg', 'hero-image@3x.jpg'],
    ['scale label', 'icon@1.5x.example'],
    ['webp', 'banner@2x.webp'],
    ['mov is a tld but a file here', 'clip@final.mov'],
    ['js bundle', 'chunk@vendor.js'],
    // placeholders
    ['example.com', 'you@example.com'],
    ['example.org', 'info@example.org'],
    ['example.net', 'name@example.net'],
    ['example subdomain', 'a@mail.example.com'],
    ['your@email.com', 'your@email.com'],
    ['email@domain.com', 'email@domain.com'],
    ['name@email.com', 'name@email.com'],
    ['test@test.com', 'test@test.com'],
    ['user@domain.net', 'user@domain.net'],
    ['yourname@gmail.com', 'yourname@gmail.com'],
    ['john.doe@company.org', 'john.doe@company.org'],
    ['user@yourdomain.com', 'user@yourdomain.com'],
    ['firstname.lastname@brand.com', 'firstname.lastname@brand.com'],
    // tracking / system
    ['sentry dsn', '605a7baede844d278b89dc95ae0a9123@sentry-next.wixpress.com'],
    ['sentry ingest', 'abc@o123456.ingest.sentry.io'],
    ['wixpress', 'someone@wixpress.com'],
    ['self-hosted sentry key', '0123456789abcdef0123456789abcdef@errors.band.com'],
    ['noreply', 'noreply@band.com'],
    ['no-reply', 'no-reply@band.com'],
    ['do-not-reply', 'do-not-reply@band.com'],
    ['noreply domain', '12345+user@users.noreply.github.com'],
    ['mailer-daemon', 'mailer-daemon@band.com'],
  ])('rejects %s (%s)', (_why, input) => {
    expect(normaliseEmail(input)).toBeNull();
  });

  it('keeps addresses that merely resemble placeholders', () => {
    expect(normaliseEmail('name@brandname.com')).toBe('name@brandname.com');
    expect(normaliseEmail('test@studio.com')).toBe('test@studio.com');
    expect(normaliseEmail('hello@email.com')).toBe('hello@email.com');
    expect(normaliseEmail('contact@examples.com')).toBe('contact@examples.com');
  });
});

describe('mailtoAddresses', () => {
  it.each<[string, string[]]>([
    ['mailto:hello@band.com', ['hello@band.com']],
    ['MAILTO:hello@band.com?subject=Booking%20request&body=Hi', ['hello@band.com']],
    ['mailto:hello%40band.com', ['hello@band.com']],
    ['mailto:%20hello@band.com%20', ['hello@band.com']],
    ['mailto:a@band.com,b@band.com;c@band.com', ['a@band.com', 'b@band.com', 'c@band.com']],
    ['mailto:hello&#64;band.com', ['hello@band.com']],
    ['mailto:', []],
    ['mailto:100%@band.com', ['100%@band.com']],
    // RFC 6068 header fields: to, cc and bcc are addresses the link writes to too (our own links).
    ['mailto:ana@studio.com?subject=Colab&cc=agencia@talentos.com.br', ['ana@studio.com', 'agencia@talentos.com.br']],
    ['mailto:?to=ana@studio.com&amp;bcc=mgmt%40talentos.com.br&body=cc=no@x.com', ['ana@studio.com', 'mgmt@talentos.com.br']],
    ['mailto:ana@studio.com?CC=a@talentos.com,b@talentos.com', ['ana@studio.com', 'a@talentos.com', 'b@talentos.com']],
  ])('%s', (href, out) => {
    expect(mailtoAddresses(href)).toEqual(out);
  });
});

describe('deobfuscate', () => {
  it('is linear in runs of blanks (a website page of 40 KB of " \\n" took 4.5 s: each blank read the run to its end)', () => {
    for (const text of [' \n'.repeat(100_000), ' '.repeat(200_000) + 'x', `a${' '.repeat(100_000)}[at] b${' '.repeat(100_000)}(dot) com`]) {
      const started = cpuMs();
      deobfuscate(text);
      expect(cpuMs() - started).toBeLessThan(500);
    }
    expect(deobfuscate(`a${' '.repeat(1000)}[at]  b (dot) com [at] [at]`)).toBe('a@b.com@@');
  });

  it.each<[string, string]>([
    ['name [at] domain [dot] com', 'name@domain.com'],
    ['name(at)domain(dot)com', 'name@domain.com'],
    ['name {at} domain {dot} co {dot} uk', 'name@domain.co.uk'],
    ['name <at> domain <dot> com', 'name@domain.com'],
    ['name [AT] domain [DOT] com', 'name@domain.com'],
    ['name[@]domain[.]com', 'name@domain.com'],
    ['name@domain[dot]com', 'name@domain.com'],
    ['meet me at the cafe dot com', 'meet me at the cafe dot com'],
    // Other languages' words (German Impressum pages, French, Spanish, Portuguese, Italian).
    ['info(at)beispiel(punkt)de', 'info@beispiel.de'],
    ['marie [arobase] studio-lune [point] fr', 'marie@studio-lune.fr'],
    ['ana (arroba) correo (punto) es', 'ana@correo.es'],
    ['joao [arroba] site [ponto] com [ponto] br', 'joao@site.com.br'],
    ['luca (chiocciola) studio (punto) it', 'luca@studio.it'],
    ['un point de vue, à ce point', 'un point de vue, à ce point'],
    // More languages' words for @ and the dot, in brackets (our own spellings): Polish, Turkish,
    // Dutch, Czech, Russian, Ukrainian, Indonesian, Vietnamese, Korean, Japanese, Chinese, Arabic, Hindi.
    ['kontakt(małpa)pracownia.pl', 'kontakt@pracownia.pl'],
    ['biuro [malpa] pracownia [kropka] pl', 'biuro@pracownia.pl'],
    ['iletisim [at] gmail [nokta] com', 'iletisim@gmail.com'],
    ['iletisim (et) atolye (nokta) com (nokta) tr', 'iletisim@atolye.com.tr'],
    ['info (apenstaartje) studio (punt) nl', 'info@studio.nl'],
    ['info(a)ateliér.cz', 'info@ateliér.cz'],
    ['jana (zavináč) atelier (tečka) cz', 'jana@atelier.cz'],
    ['masha (собака) gmail (точка) com', 'masha@gmail.com'],
    ['olya [равлик] ukr [крапка] net', 'olya@ukr.net'],
    ['kerja [at] studio [titik] id', 'kerja@studio.id'],
    ['lienhe [a còng] gmail [chấm] com', 'lienhe@gmail.com'],
    ['art [골뱅이] gmail [닷] com', 'art@gmail.com'],
    ['works（アットマーク）gmail（ドット）com', 'works@gmail.com'],
    ['work [艾特] qq [点] com', 'work@qq.com'],
    ['noura [at] glow [نقطة] com', 'noura@glow.com'],
    ['kaam [एट] gmail [डॉट] com', 'kaam@gmail.com'],
    // Full-width and compatibility forms fold first (NFKC).
    ['ｗｏｒｋｓ＠ｇｍａｉｌ．ｃｏｍ', 'works@gmail.com'],
    ['hoshi﹫studio.jp', 'hoshi@studio.jp'],
    // A bracketed "a" joins two words only without spaces: "option (a) or (b)" is prose.
    ['option (a) or (b)', 'option (a) or (b)'],
  ])('%s → %s', (input, out) => {
    expect(deobfuscate(input)).toBe(out);
  });
});

describe('decodeCfEmail', () => {
  it('decodes what Cloudflare encodes, with any key', () => {
    for (const key of [0x00, 0x42, 0xa7, 0xff])
      expect(decodeCfEmail(cfEncode('booking@owl-agency.com', key))).toBe('booking@owl-agency.com');
  });

  it('refuses malformed input', () => {
    expect(decodeCfEmail('')).toBeNull();
    expect(decodeCfEmail('4')).toBeNull();
    expect(decodeCfEmail('42z1')).toBeNull();
    expect(decodeCfEmail('421')).toBeNull();
    expect(decodeCfEmail('42bd')).toBeNull(); // 0xff: not UTF-8
  });
});

describe('extractEmails: text', () => {
  it('plain addresses, in order, deduplicated case-insensitively keeping the first spelling', () => {
    expect(
      extractEmails({
        text: 'Bookings: Mgmt@NightOwl.co.uk\nPress: press@nightowl.co.uk / MGMT@nightowl.CO.UK, merch@shop.nightowl.co.uk.',
      }),
    ).toEqual(['Mgmt@nightowl.co.uk', 'press@nightowl.co.uk', 'merch@shop.nightowl.co.uk']);
  });

  it('mailto: in text, decoded and without its query, in its place in the order', () => {
    expect(extractEmails({ text: 'a@first.com then mailto:Second%40band.io?subject=Hi%20there then c@third.com' })).toEqual([
      'a@first.com',
      'Second@band.io',
      'c@third.com',
    ]);
  });

  it('HTML entities in text are decoded', () => {
    expect(extractEmails({ text: 'write to hello&#64;band&#46;com or hi&commat;band.org' })).toEqual(['hello@band.com', 'hi@band.org']);
  });

  it('bracketed obfuscations are read; unbracketed prose is not', () => {
    expect(extractEmails({ text: 'booking: tour [at] owl-agency [dot] com' })).toEqual(['tour@owl-agency.com']);
    expect(extractEmails({ text: 'find me at the studio dot com' })).toEqual([]);
  });

  it('rejects non-contacts mixed into real text', () => {
    const text =
      'logo@2x.png you@example.com your@email.com noreply@band.com a@b.c real@band.com 605a7baede844d278b89dc95ae0a9123@sentry-next.wixpress.com';
    expect(extractEmails({ text })).toEqual(['real@band.com']);
  });

  it('never builds an address from fragments: percent escapes and neighbours', () => {
    expect(extractEmails({ text: 'url?x=%20info@band.com' })).toEqual(['info@band.com']);
    expect(extractEmails({ text: 'https://site.com/?email=fan%40band.com&x=1' })).toEqual(['fan@band.com']);
    expect(extractEmails({ text: 'proxy https://user:pass@host.com/x and https://key@errors.band.com/1' })).toEqual([]);
    expect(extractEmails({ text: 'Email:hello@band.com' })).toEqual(['hello@band.com']);
    expect(extractEmails({ text: 'x..y@band.com' })).toEqual([]);
    expect(extractEmails({ text: 'hello@band.community-x' })).toEqual([]);
  });

  it('no input, or nothing in it → []', () => {
    expect(extractEmails({})).toEqual([]);
    expect(extractEmails({ text: '' })).toEqual([]);
    expect(extractEmails({ text: 'no addresses here @ all' })).toEqual([]);
  });
});

describe('extractEmails: html', () => {
  it('mailto links, visible text, Cloudflare protection, JSON-LD, meta description — in document order', () => {
    const html = `<!doctype html><html><head>
      <meta name="description" content="Official site. Contact: meta@band.com">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"MusicGroup","name":"Owl","email":"mailto:ld@band.com","member":[{"@type":"Person","email":["ld2@band.com"]}]}</script>
      <script>var dsn = "https://abc@o1.ingest.sentry.io/1"; var hidden = "script@band.com";</script>
      <style>.x{background:url(bg@2x.png)}</style>
    </head><body>
      <a href="mailto:Link%40Band.com?subject=Hi">Email us</a>
      <p>Bookings: <b>text@band.com</b></p>
      <a href="/cdn-cgi/l/email-protection#${cfEncode('cf-href@band.com', 0x5a)}">[email&#160;protected]</a>
      <span class="__cf_email__" data-cfemail="${cfEncode('cf-span@band.com', 0x13)}">[email&#160;protected]</span>
      <img src="logo@2x.png" alt="logo">
      <noscript>noscript@band.com</noscript>
    </body></html>`;
    expect(extractEmails({ html })).toEqual([
      'meta@band.com',
      'ld@band.com',
      'ld2@band.com',
      'Link@band.com',
      'text@band.com',
      'cf-href@band.com',
      'cf-span@band.com',
    ]);
  });

  it('an address written into an image’s alt text or an element’s title is read; an image name there is not an address', () => {
    const html = `<p><img src="/contact.png" alt="mika@ceramika-studio.jp"></p><img src="/logo.png" alt="logo@2x.png">
      <span title="Write to: ateliers＠kiln.fr">✉</span><a href="#" aria-label="mgmt@kiln.fr">✉</a>`;
    expect(extractEmails({ html })).toEqual(['mika@ceramika-studio.jp', 'ateliers@kiln.fr', 'mgmt@kiln.fr']);
  });

  it('adjacent elements never glue into a new address', () => {
    expect(extractEmails({ html: '<p><span>Mail</span><span>me@band.com</span></p>' })).toEqual(['me@band.com']);
  });

  it('malformed JSON-LD is ignored', () => {
    expect(extractEmails({ html: '<script type="application/ld+json">{"email": "x@band.com",</script><p>ok@band.com</p>' })).toEqual([
      'ok@band.com',
    ]);
  });

  it('html sources come before text; duplicates across both are dropped', () => {
    expect(extractEmails({ html: '<a href="mailto:Same@band.com">x</a>', text: 'same@BAND.com other@band.com' })).toEqual([
      'Same@band.com',
      'other@band.com',
    ]);
  });
});
