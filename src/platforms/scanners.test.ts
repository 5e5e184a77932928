/**
 * The platforms' hand-written scanners on hostile text (an outside sweep and our own search):
 * each was a search restarted from every match, or a regex reading to the end again from every
 * start, so one page of 400 KB–2 MB froze the gateway for seconds to hours. Each now finishes in
 * bounded time (generous bounds: a shared 2-core machine) with the answer it gave before.
 */
import { describe, expect, it } from 'vitest';
import { decode } from 'html-entities';
import { extractYtVar } from './video/parse.js';
import { scriptById } from './shortvideo/parse.js';
import { extractNextData } from './audio-a/parse.js';
import { extractScriptJson } from './social-a/blobs.js';
import { parseHydration } from './audio-c/parse.js';
import { plainText } from './audio-b/parse.js';
import { htmlToText } from './microblog-a/parse.js';
import { ogContent, ogUser, parseProfilePage } from './microblog-c/profile.js';
import { htmlAnswerError } from './microblog-b/parse.js';
import { refersToLogin } from './microblog-b/walls.js';
import { cpuMs } from '../../test/support/cpu-time.js';

function timed<T>(f: () => T): { value: T | Error; ms: number } {
  const t0 = cpuMs();
  let value: T | Error;
  try {
    value = f();
  } catch (e) {
    value = e as Error;
  }
  return { value, ms: cpuMs() - t0 };
}

describe('video: extractYtVar', () => {
  it('400 KB of `var ytInitialData = {` (each read to the end: 107 s through the gateway): null, at once', () => {
    const { value, ms } = timed(() => extractYtVar('<script>' + 'var ytInitialData = {'.repeat(20_000), 'ytInitialData'));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(1000);
  });

  it('2 MB of it, and an assignment of something else first: still linear', () => {
    const page = 'var ytInitialData = null;' + 'var ytInitialData = {'.repeat(100_000);
    const { value, ms } = timed(() => extractYtVar(page, 'ytInitialData'));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(2000);
  });

  it('bare `ytInitialData = {` mentions of no JSON, 30,000 in a row or nested 400 deep inside one another: passed over once each, a changed shape', () => {
    for (const page of [
      '<p>' + 'ytInitialData = {x} '.repeat(30_000),
      '<p>' + ('ytInitialData = {'.repeat(400) + '}'.repeat(400) + ' ').repeat(200),
    ]) {
      const { value, ms } = timed(() => extractYtVar(page, 'ytInitialData'));
      expect((value as Error).message).toMatch(/parseable ytInitialData/);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('a real-looking page: the first object that parses', () => {
    expect(extractYtVar('<script>var ytInitialData = null; var ytInitialData = {"a":{"b":"};"}};</script>', 'ytInitialData')).toEqual({
      a: { b: '};' },
    });
  });
});

describe('shortvideo: scriptById', () => {
  const id = '__UNIVERSAL_DATA_FOR_REHYDRATION__';
  it('2 MB of unclosed `<script id=…>{` (0.8 s at 400 KB, minutes at 8 MB): null, at once', () => {
    const { value, ms } = timed(() => scriptById(`<script id="${id}">{`.repeat(40_000), id));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(1000);
  });

  it('the script of that id, whichever quoting; not data-id, not a longer id', () => {
    const page = `<script data-id="${id}">no</script><script id="${id}_RETRY">no</script><script type="x" id=${id} async>{"ok":1}</script>`;
    expect(scriptById(page, id)).toBe('{"ok":1}');
    expect(scriptById(`<SCRIPT id='${id}'>y</SCRIPT>`, id)).toBe('y');
  });
});

describe('audio-a: extractNextData', () => {
  it('2 MB of unclosed `<script id="__NEXT_DATA__">`: a typed error, at once', () => {
    const { value, ms } = timed(() => extractNextData('<script id="__NEXT_DATA__">{'.repeat(70_000)));
    expect(value).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect(ms).toBeLessThan(1000);
  });
});

describe('social-a: extractScriptJson', () => {
  it('a script of 20,000 unclosed `.handle({` calls: nothing, at once', () => {
    const { value, ms } = timed(() => extractScriptJson(`<script>"require"${'.handle({'.repeat(20_000)}</script>`));
    expect(value).toEqual([]);
    expect(ms).toBeLessThan(1000);
  });

  it('20,000 calls nested in one payload (each read to the payload’s end): the payload once, at once', () => {
    const n = 20_000;
    const { value, ms } = timed(() => extractScriptJson(`<script>"require"${'.handle({"a":'.repeat(n)}1${'}'.repeat(n)}</script>`));
    expect(ms).toBeLessThan(2000);
    expect(value).toHaveLength(0); // `{"a":.handle(…` is no JSON: nothing, as before
  });

  it('payloads side by side: each one', () => {
    expect(extractScriptJson('<script>"require" s.handle({"a":1}); s.handlePayload(x, [2]); s.handle({"b":{"c":3}})</script>')).toEqual([
      { a: 1 },
      [2],
      { b: { c: 3 } },
    ]);
  });
});

describe('audio-c: parseHydration', () => {
  it('200 KB of blanks inside the hydration script (the regex retried its tail at each one): bounded', () => {
    const { ms } = timed(() => parseHydration(`<script>window.__sc_hydration = ${' '.repeat(200_000)}x</script>`));
    expect(ms).toBeLessThan(3000);
  });

  it('the value, a trailing `;` and blanks off', () => {
    expect(parseHydration('<script>window.__sc_hydration = [{"hydratable":"user","data":{}}] ;\n </script>')).toEqual([
      { hydratable: 'user', data: {} },
    ]);
  });
});

describe('audio-b: plainText', () => {
  it('200 KB of `<`, of blanks before a break (54 s and 3 s as regexes): at once, the same text', () => {
    expect(timed(() => plainText('<'.repeat(200_000))).ms).toBeLessThan(500);
    const { value, ms } = timed(() => plainText(`a${' '.repeat(200_000)}x\nb`));
    expect(ms).toBeLessThan(500);
    expect(value).toBe(`a${' '.repeat(200_000)}x\nb`);
    expect(plainText('<b>Hello</b> \t<br>world &amp; <>')).toBe('Hello\nworld & <>');
  });
});

describe('microblog-a: htmlToText (every Mastodon server a key names)', () => {
  it('200 KB of `<a href="`, of `<a>`, of `<span class="quote-inline">` (37 s, 79 s as regexes): bounded', () => {
    for (const page of [
      '<a href="'.repeat(22_000),
      '<a>'.repeat(66_000) + 'x',
      '<span class="quote-inline">'.repeat(7_000),
      '<'.repeat(200_000),
    ])
      expect(timed(() => htmlToText(page)).ms).toBeLessThan(1000);
  });

  /** The regexes htmlToText was (an oracle for well-formed markup), the plain-text quote first. */
  function regexHtmlToText(html: string): string {
    const text = html
      .replace(
        /<(span|p|div)\b[^>]*\bclass="[^"]*\bquote-inline\b[^"]*"[^>]*>((?:[^<]|<br\s*\/?>)*)<\/\1>/gi,
        (_m, _t: string, inner: string) => `\n${inner}\n`,
      )
      .replace(
        /<(span|p|div)\b[^>]*\bclass="[^"]*\bquote-inline\b[^"]*"[^>]*>([\s\S]*?<\/a>)\s*<\/\1>/gi,
        (_m, _t: string, inner: string) => `\n${inner}\n`,
      )
      .replace(/(<a\b[^>]*>((?:(?!<\/a>)[\s\S])*)<\/a>)(?=[\p{L}\p{N}])/giu, (m, link: string, inner: string) =>
        /^\s*https?:\/\//i.test(inner.replace(/<[^>]*>/g, '')) ? `${link} ` : m,
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p(\s[^>]*)?>/gi, '\n\n')
      .replace(/<[^>]*>/g, '');
    return decode(text)
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  it('the same text as the regexes on 100,000 random well-formed notes', () => {
    const pieces = [
      '<p>',
      '</p>',
      '<P class="x">',
      '<br>',
      '<br/>',
      '<BR />',
      '<br class=x>',
      '<a href="https://x.y/z">',
      '<a>',
      '</a>',
      '</A>',
      '<abbr>',
    ];
    pieces.push(
      '<span class="quote-inline">',
      '<SPAN class="a quote-inline b">',
      '</span>',
      '<p class="quote-inline">',
      '<div class="quote-inline">',
      '</div>',
    );
    pieces.push(' ', '\n', '\t', 'word', 'https://a.b', 'http://c', '&amp;', '&lt;', '<span class="invisible">', 'RT: ', '1', 'é');
    let s = 11;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s % n;
    };
    for (let k = 0; k < 100_000; k++) {
      const html = Array.from({ length: rnd(14) }, () => pieces[rnd(pieces.length)]).join('');
      expect(htmlToText(html), html).toBe(regexHtmlToText(html));
    }
  });
});

describe('microblog-c: ogUser', () => {
  it('64 KB of `<meta http-equiv=refresh content="0;url=` (18 s, 16 KB 0.9 s as two expressions): at once', () => {
    for (const piece of ['<meta http-equiv=refresh content="0;url=', '<meta name=description ', '<meta property="og:title" ']) {
      const page = piece.repeat(Math.ceil((64 * 1024) / piece.length));
      const { value, ms } = timed(() => ogUser(page, 'someone'));
      expect(value).toBeNull();
      expect(ms).toBeLessThan(500);
      expect(timed(() => parseProfilePage(page, 'someone')).ms).toBeLessThan(500);
    }
  });

  /** The expressions its og: tags were read by (an oracle for well-formed tags). */
  const oldMeta = (html: string, property: string) =>
    (new RegExp(`<meta[^>]+property=["']${property}["'][^>]+content=["']([^"']*)["']`, 'i').exec(html) ??
      new RegExp(`<meta[^>]+content=["']([^"']*)["'][^>]+property=["']${property}["']`, 'i').exec(html))?.[1] ?? null;

  it('the same og:title and og:description as the expressions on 20,000 random pages of well-formed tags', () => {
    let s = 5;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s % n;
    };
    const pick = <T>(xs: T[]) => xs[rnd(xs.length)];
    const values = ['Ada Quist (@ada_q) • Threads', 'Bo (@bo)', '12 Followers • 3 Threads • Baker > bread. See @ada_q.', 'x', '', 'a > b'];
    const attr = () => {
      const q = pick(['"', "'"]);
      return pick([
        `property=${q}${pick(['og:title', 'og:description', 'og:url'])}${q}`,
        `property=${q}${pick(['og:title', 'og:description'])}${q}`,
        `content=${q}${pick(values)}${q}`,
        `content=${q}${pick(values)}${q}`,
        `name=${q}description${q}`,
        'data-x=1',
      ]);
    };
    const tag = () => {
      const n = 2 + rnd(2);
      return (
        pick(['<meta', '<meta', '<META', '<link', '<p']) +
        Array.from({ length: n }, () => ' ' + attr()).join('') +
        pick(['>', ' />', '>text'])
      );
    };
    let found = 0;
    for (let k = 0; k < 20_000; k++) {
      const page = Array.from({ length: 1 + rnd(6) }, tag).join(pick(['', '\n']));
      for (const property of ['og:title', 'og:description']) {
        const want = oldMeta(page, property);
        found += want === null ? 0 : 1;
        expect(ogContent(page, property), page).toBe(want === null ? null : decode(want));
      }
    }
    expect(found).toBeGreaterThan(5000);
  });

  it('og:title and og:description of 200 KB (77 s as regexes): bounded, and not read', () => {
    const page = `<meta property="og:title" content="${' '.repeat(200_000)}"><meta property="og:description" content="${'a'.repeat(200_000)}">`;
    const { value, ms } = timed(() => ogUser(page, 'someone'));
    expect(ms).toBeLessThan(1000);
    expect(value).toBeNull();
  });
});

describe('microblog-b: a reference to the login flow (the wall check of every X API answer, htmlAnswerError)', () => {
  it('256 KB of `<a `, of `<a href="`, of `<meta content="` (7 s, 5.7 s as one regex): at once', () => {
    for (const piece of ['<a ', '<a href="', '<meta content="url=', '<form action=']) {
      const page = piece.repeat(Math.ceil((256 * 1024) / piece.length));
      const { value, ms } = timed(() => htmlAnswerError(page, 'the GraphQL API'));
      expect(value).toMatchObject({ code: 'UPSTREAM_BLOCKED' });
      expect(ms).toBeLessThan(500);
    }
  });

  /** The one expression it was (an oracle). */
  const LOGIN_REFERENCE =
    /<(?:a|form|link)\b[^>]*\b(?:href|action)=["']?(?:https?:\/\/(?:[a-z]+\.)?(?:x|twitter)\.com)?\/(?:i\/flow\/)?login\b|<meta\b[^>]*\bcontent=["'][^"']*url=(?:https?:\/\/(?:[a-z]+\.)?(?:x|twitter)\.com)?\/(?:i\/flow\/)?login\b/i;

  it('the same answer as the expression on 50,000 random texts', () => {
    const pieces = [
      '<a',
      '<A',
      '<form',
      '<link',
      '<meta',
      '<abbr',
      '<p',
      '>',
      ' ',
      '"',
      "'",
      'x',
      'href=',
      'HREF=',
      'action=',
      'xhref=',
      'content=',
      'url=',
      '0;',
      'https://x.com',
      'https://mobile.twitter.com',
      'http://evil.example',
      '/login',
      '/i/flow/login',
      '/loginx',
      '/home',
      '>',
      ' href="/login',
      ' action=https://x.com/i/flow/login',
      ' content="0;url=/login',
      " content='url=https://twitter.com/login",
    ];
    let s = 7;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s % n;
    };
    let hits = 0;
    for (let k = 0; k < 50_000; k++) {
      const html = Array.from({ length: 2 + rnd(12) }, () => pieces[rnd(pieces.length)]).join(rnd(3) ? '' : ' ');
      const want = LOGIN_REFERENCE.test(html);
      hits += want ? 1 : 0;
      expect(refersToLogin(html), html).toBe(want);
    }
    expect(hits).toBeGreaterThan(3000);
  });
});
