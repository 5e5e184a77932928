/**
 * Anti-bot vendors' challenge and block pages, described as data. A vendor can stand in front of
 * any host and answer with any status (403, 429, 503, even 200), so these rules are applied to
 * every upstream answer of every platform (catalogue.ts), before the platform looks at it.
 *
 * Every signature is structural: an element, an attribute, a form field, a script variable or a
 * response header that the vendor's generator writes — never a title or a sentence, which are
 * translated ("Just a moment...", "Einen Moment…", "しばらくお待ちください…") and which a real page
 * may quote. Markers that vendors also inject into ordinary pages are deliberately absent or
 * only used together with a challenge-only one:
 *  - Cloudflare's passive bot script (`/cdn-cgi/challenge-platform/scripts/jsd/main.js`, in
 *    2020–21 Bot Management's `/cdn-cgi/bm/cv/<n>/api.js`; `window.__CF$cv$params`) sits on many
 *    real pages — a page carrying it is data, unless the page is nothing else (Bot Fight Mode:
 *    catalogue.ts's vendorShell);
 *  - PerimeterX's sensor (`window._pxAppId`, `client.perimeterx.net`), DataDome's tag
 *    (`js.datadome.co/tags.js`), Imperva's `/_Incapsula_Resource?SWJIYLWA=` script and Akamai's
 *    `_abck` cookie are on protected pages that load fine.
 *
 * Evidence: the Cloudflare signatures are read off the real captures of
 * ../shared/fixtures/blocks/cloudflare/ (IUAM JS challenges 2016–2020: `<form id="challenge-form"
 * action="/cdn-cgi/l/chk_jschl">` with `jschl_vc` / `jschl_answer` fields, later
 * `?__cf_chl_jschl_tk__=` actions; captcha pages 2019: `challenge-form` posting to
 * `/cdn-cgi/l/chk_captcha` or `?__cf_chl_captcha_tk__=`, `cf.challenge.js` with `data-ray`).
 * The managed challenge (2021 on) is `window._cf_chl_opt={…}` and a script from
 * `/cdn-cgi/challenge-platform/h/<b|g>/orchestrate/…`. The other vendors' signatures are what
 * their generated pages are publicly known to carry (each named below).
 */

export interface Signature {
  /**
   * Every one must match the page's markup (the first MARKUP_WINDOW characters), starting outside
   * every script's text: a script's string (a bio in the page's JSON state) holds no element.
   */
  markup?: readonly RegExp[];
  /**
   * Every one must match the code of a `<script>` element that runs (not a JSON or template data
   * block), starting outside its string literals and comments: a page's state quoting a vendor's
   * code is text. A marker that is a string (a path) is matched with the code around it — the
   * `=`, `(` or `+` it is assigned, passed or joined with.
   */
  script?: readonly RegExp[];
  /** A response header (lower-case name, or a pattern of names: any one of them) whose value matches. */
  header?: readonly [name: string | RegExp, value: RegExp];
  /** Matches the start of a body that is not markup (a vendor's JSON answer to an API request). */
  data?: RegExp;
  /**
   * A body that is one small JSON object (at most JSON_MAX bytes) carrying the member `has`,
   * parsed: `test` says whether it is the vendor's. For answers whose members come in no fixed
   * order (a problem-details object).
   */
  json?: { has: string; test: (value: Record<string, unknown>) => boolean };
  /** Only at one of these statuses (the other members must match too). */
  status?: readonly number[];
  /**
   * Only on a markup body at most this long: for a vendor's page of a few lines whose markers are
   * plain text, which a page of content (a post quoting that page) may carry too.
   */
  maxLength?: number;
}

export interface VendorRule {
  /** Vendor name: the `source` label of the block counters. */
  vendor: string;
  /** Said in the error: "answered with <what> instead of data". */
  what: string;
  /** The page is this vendor's when any signature matches. */
  signatures: readonly Signature[];
}

/**
 * Cloudflare's 10xx codes that are blocks: 1005 banned network (ASN), 1006–1009 banned IP /
 * country, 1010 browser signature, 1011 hotlinking, 1012 access denied, 1015 rate limited, 1020
 * firewall rule.
 */
const BLOCK_CODES = '10(?:0[5-9]|1[0-25]|20)';
const BLOCK_CODE = new RegExp(`^${BLOCK_CODES}$`);
const isBlockCode = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && BLOCK_CODE.test(String(v));

export const VENDOR_RULES: readonly VendorRule[] = [
  {
    vendor: 'cloudflare',
    what: 'a Cloudflare challenge page',
    signatures: [
      // Cloudflare marks every challenge it serves, whatever the body (2022 on).
      { header: ['cf-mitigated', /^challenge$/i] },
      // IUAM JS challenge and captcha pages (2016–2021 captures).
      { markup: [/<form\b[^>]*\bid=["']?challenge-form\b/i] },
      { markup: [/<input\b[^>]*\bname=["']?jschl_(?:vc|answer)\b/i] },
      { markup: [/<form\b[^>]*\baction=["'][^"']*(?:\/cdn-cgi\/l\/chk_(?:jschl|captcha)|__cf_chl_(?:jschl|captcha|managed|f)_tk__)/i] },
      { markup: [/<script\b[^>]*\bsrc=["'][^"']*\/cdn-cgi\/scripts\/cf\.challenge\.js/i] },
      // Managed / JS / interactive challenge (2021 on), in every language: the options object and
      // the orchestrator it loads (`cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/…'`: a
      // string the code assigns or passes, never one a JSON state holds as a member or an item).
      // (`/challenge-platform/scripts/jsd/` is the passive script.)
      { script: [/\bwindow\._cf_chl_opt\s*=/] },
      { script: [/(?:\.src\s*=|\()\s*["'](?:https?:\/\/[^/"'\s]+)?\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\//] },
      { markup: [/<script\b[^>]*\bsrc=["'][^"']*\/cdn-cgi\/challenge-platform\/h\/[a-z]\/orchestrate\//i] },
    ],
  },
  {
    vendor: 'cloudflare',
    what: 'a Cloudflare block page',
    signatures: [
      // Cloudflare's error template with the "you have been blocked" headline (WAF block) or a
      // blocking 10xx code (BLOCK_CODES). Its 52x pages (origin down) and its other 10xx (1016
      // origin DNS error, 1018…) share the template and are not blocks.
      { markup: [/<div\b[^>]*\bid=["']?cf-error-details\b/i, /\bdata-translate=["']?block_headline\b/i] },
      // The same headline in the template's header box when the page is quoted without the
      // `#cf-error-details` wrapper: the attribute on an element beside a `cf-wrapper` /
      // `cf-error-overview` box.
      {
        markup: [
          /<[a-z][a-z0-9]*\b[^>]*\bdata-translate=["']?block_headline\b/i,
          /<div\b[^>]*\bclass=["'][^"']*\bcf-(?:wrapper|error-overview)\b/i,
        ],
      },
      {
        markup: [
          /<div\b[^>]*\bid=["']?cf-error-details\b/i,
          new RegExp(`<span\\b[^>]*\\bclass=["'][^"']*\\bcf-error-code\\b[^"']*["'][^>]*>\\s*${BLOCK_CODES}\\s*<`, 'i'),
        ],
      },
      // The 2021 template: the code in a plain span after the "Error" one.
      {
        markup: [
          /<div\b[^>]*\bid=["']?cf-error-details\b/i,
          new RegExp(`<span\\b[^>]*\\bdata-translate=["']?error["']?[^>]*>[^<]*</span>\\s*<span\\b[^>]*>\\s*${BLOCK_CODES}\\s*<`, 'i'),
        ],
      },
      { markup: [/<div\b[^>]*\bid=["']?cf-error-details\b/i, /\bdata-translate=["']?error_(?:1015|1020|1010|1012)/i] },
      // A site's own error page around Cloudflare's error box (`<div class="cf-error-details cf-error-1020">`).
      { markup: [new RegExp(`<div\\b[^>]*\\bclass=["'][^"']*\\bcf-error-details\\b[^"']*\\bcf-error-${BLOCK_CODES}\\b`, 'i')] },
      // To a client that does not ask for HTML (an API call) the same error is one plain-text line,
      // `error code: 1020`: the whole body, a blocking code.
      { data: new RegExp(`^\\s*error code: ${BLOCK_CODES}\\s*$`) },
      // To a client that asks for JSON (`Accept: application/json` or `application/problem+json`:
      // API clients, most of ours) the error is RFC 9457 problem details (Cloudflare's changelog,
      // 2026-03-11): one object with `type`, `title`, `status`, `detail`, `instance`, and its own
      // `error_code`, `error_name`, `error_category`, `ray_id`, `zone`, `cloudflare_error: true`,
      // `retryable`, `owner_action_required`, in no fixed order. A blocking code is a block (at 403
      // it is no platform's "private"); its 5xx (origin down) and other 1xxx come the same way
      // and are not.
      { json: { has: 'cloudflare_error', test: (o) => o.cloudflare_error === true && isBlockCode(o.error_code) } },
    ],
  },
  {
    vendor: 'akamai',
    what: 'an Akamai block page',
    signatures: [
      // Akamai's edge "Access Denied": `Reference&#32;&#35;18&#46;…` and the matching
      // `https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;…` line, written with HTML entities
      // by Akamai's generator (Apple Music's "Access Denied" is this page).
      // Its other edge errors (a timeout `#2.…`, an invalid URL `#9.…`) share the page and are no
      // blocks: the access-denied reference is the one numbered 18.
      // Written as plain text (`Reference #18.…`, `errors.edgesuite.net`) the lines are what a post
      // about the error quotes too: then only on a page of Akamai's size (its page is ~0.5 KB; a
      // creator's bio quoting both lines, in a real profile page, was a block).
      {
        markup: [/Reference(?:&#32;|\s)(?:&#35;|#)18(?:&#46;|\.)[0-9a-f]+/i, /errors(?:&#46;|\.)edgesuite(?:&#46;|\.)net/i],
        maxLength: 8 * 1024,
      },
      // Older pages without the edgesuite line: the entity-encoded reference alone is the generator's.
      { markup: [/Reference&#32;&#35;18&#46;[0-9a-f]+&#46;\d+&#46;[0-9a-f]+/i] },
      // Bot Manager's interstitial and sensor challenge (`/_sec/cp_challenge/`, `/_sec/verify`).
      { markup: [/<(?:script|iframe|form|link)\b[^>]*\b(?:src|action|href)=["'][^"']*\/_sec\/(?:cp_challenge|verify)\b/i] },
      { markup: [/<div\b[^>]*\bid=["']?sec-if-cpt-container\b/i] },
      // Its interstitial's request to `/_sec/verify?provider=interstitial` (a string the code
      // assigns or passes).
      { script: [/[=(,]\s*["']\/_sec\/verify\?provider=interstitial/] },
    ],
  },
  {
    vendor: 'perimeterx',
    what: 'a PerimeterX / HUMAN captcha page',
    signatures: [
      // The block page's captcha element, and its captcha script (first-party `/<app>/captcha/
      // captcha.js?a=c&u=…` or HUMAN's CDNs).
      { markup: [/<div\b[^>]*\bid=["']?px-captcha\b/i] },
      // The header its enforcers set on the answer they block (`x-px-blocked: 1`, reported on
      // zillow.com's 403 to non-browser clients, whatever the body).
      { header: ['x-px-blocked', /^\s*1\s*$/] },
      // Its older reCAPTCHA block template: the page's own callback stores the answer in the
      // `_pxCaptcha` cookie (`var name = '_pxCaptcha'`, `"_pxCaptcha=" + …`); a page that loads
      // fine sets no such cookie.
      { script: [/\bname\s*=\s*["']_pxCaptcha["']|["']_pxCaptcha=["']\s*\+/] },
      // The block page sets the request's uuid and its captcha source for its own script (the
      // sensor on an ordinary page sets neither); its description names the captcha.
      { script: [/\bwindow\.(?:_pxUuid|px_uuid)\s*=/] },
      { script: [/\bpxCaptchaSrc\s*=/] },
      { markup: [/<meta\b[^>]*\bname=["']?description["']?[^>]*\bcontent=["']?px-captcha\b/i] },
      // Its answer to an XHR / API request (the "advanced blocking response", at 403, 412, 435…):
      // one JSON object with the app id `"appId":"PX…"` and the captcha `"blockScript"`.
      { data: /^\s*\{(?=[\s\S]*"appId"\s*:\s*"PX[0-9A-Za-z]+")(?=[\s\S]*"blockScript"\s*:)/ },
      {
        markup: [
          /<script\b[^>]*\bsrc=["'][^"']*(?:captcha\.px-cdn\.net|captcha\.px-cloud\.net|captcha\.perimeterx\.net|\/captcha\/captcha\.js\?a=c)/i,
        ],
      },
    ],
  },
  {
    vendor: 'datadome',
    what: 'a DataDome captcha page',
    signatures: [
      // `var dd={'rt':'c'|'i',…,'host':'geo.captcha-delivery.com'}` and the captcha loader
      // `ct.captcha-delivery.com/c.js` (or an iframe on geo.captcha-delivery.com).
      { script: [/\bvar\s+dd\s*=\s*\{[^}]*captcha-delivery\.com/] },
      { markup: [/<(?:script|iframe)\b[^>]*\bsrc=["'][^"']*captcha-delivery\.com/i] },
      // Its answer to an XHR / API request: `{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=…"}`.
      { data: /^\s*\{\s*"url"\s*:\s*"https:\/\/geo\.captcha-delivery\.com\// },
      // The header its module sets on the answers it blocks or challenges (`x-dd-b: 1` captcha,
      // `2` block, `3` device check); `x-datadome: protected` is on every answer it passes.
      { header: ['x-dd-b', /^\s*[1-3]\s*$/] },
    ],
  },
  {
    vendor: 'incapsula',
    what: 'an Imperva Incapsula block page',
    signatures: [
      // The block page is an iframe on `/_Incapsula_Resource?CWUDNSAI=…&incident_id=…`; its
      // security interstitial one on `/_Incapsula_Resource?SWUDNSAI=<n>&…`, with or without an
      // incident id (recorded answers of unfccc.int, comfy.ua, a queue monitor's refusal).
      { markup: [/<(?:iframe|script)\b[^>]*\bsrc=["'][^"']*\/_Incapsula_Resource\?[^"']*(?:incident_id|CWUDNSAI|SWUDNSAI)/i] },
    ],
  },
  {
    vendor: 'incapsula',
    what: 'an Imperva (Incapsula) Advanced Bot Protection interstitial',
    signatures: [
      // Advanced Bot Protection (Distil's successor) answers a client it doubts with an
      // interstitial, at 200: a script element that is nothing but `window.reeseSkipExpirationCheck
      // = true`, before its reese84 script (recorded answers of aaii.com, athome.co.jp,
      // pokemoncenter.com). Pages it passes load the reese84 script without that element.
      { markup: [/<script\b[^>]*>\s*window\.reeseSkipExpirationCheck\s*=\s*true\s*;?\s*<\/script\s*>/i] },
      // The same interstitial's head as saved without that script: it opens with the page's only
      // title inside `<noscript>`, beside a `robots` `noindex, nofollow` meta (a page of content
      // has its title in the head and wants to be indexed).
      {
        markup: [
          /<head\b[^>]*>\s*<noscript\b[^>]*>\s*<title\b/i,
          /<meta\b[^>]*\bname=["']?robots["']?[^>]*\bcontent=["']?noindex,\s*nofollow\b/i,
        ],
      },
    ],
  },
  {
    vendor: 'sucuri',
    what: 'a Sucuri firewall page',
    signatures: [
      // The block page's header, and its JS challenge that sets the `sucuri_cloudproxy_uuid_…`
      // cookie from `sucuri_cloudproxy_js`.
      { header: ['x-sucuri-block', /./] },
      { script: [/\bsucuri_cloudproxy_js\s*=/] },
      {
        markup: [
          /<(?:link|a|img|script)\b[^>]*\b(?:href|src)=["']https?:\/\/(?:cdn\.)?sucuri\.net\//i,
          /<title>[^<]*Sucuri WebSite Firewall/i,
        ],
      },
    ],
  },
  {
    vendor: 'distil',
    what: 'a Distil Networks captcha page',
    signatures: [
      // Distil's (now Imperva's) captcha form and its helper script.
      { markup: [/<form\b[^>]*\b(?:id=["']?distilCaptchaForm\b|action=["'][^"']*\/distil_r_captcha\.html)/i] },
      { markup: [/<script\b[^>]*\bsrc=["'][^"']*\/distil_r_captcha_util\.js/i] },
    ],
  },
  {
    vendor: 'fastly',
    what: 'a Fastly client challenge',
    signatures: [
      // Fastly's client challenge interstitial (Bot Management / Next-Gen WAF) loads its assets
      // from `/_fs-ch-<id>/`: `errors.js`, then `script.js?reload=true` from an inline script, or
      // `script.js` by an element (public solvers of pypi.org, bible.com, support.mozilla.org).
      // A page that embeds a challenge in its own content loads `/_fs-ch-<id>/challenge.js`
      // instead (Fastly's docs, "embedding challenges in pages"): data.
      { markup: [/<script\b[^>]*\bsrc=["']?[^"'\s>]*\/_fs-ch-[\w-]+\/(?:script|errors)\.js/i] },
      { script: [/(?:\.src\s*=|\()\s*["'][^"'\s]*\/_fs-ch-[\w-]+\/(?:script|errors)\.js/] },
    ],
  },
  {
    vendor: 'vercel',
    what: "Vercel's security checkpoint",
    signatures: [
      // Vercel's firewall marks what it challenges or denies (its Security Checkpoint / Attack
      // Challenge Mode: 429 or 403 with `x-vercel-mitigated: challenge`; a rule's deny: `deny`).
      { header: ['x-vercel-mitigated', /^(?:challenge|deny)$/i] },
      // The checkpoint's own script and endpoint (a body saved without its headers, or a proxy
      // that dropped them): `/.well-known/vercel/security/static/challenge.v2.min.js`, which posts
      // to `/.well-known/vercel/security/request-challenge`.
      { markup: [/<script\b[^>]*\bsrc=["']?[^"'\s>]*\/\.well-known\/vercel\/security\/static\/challenge/i] },
      { script: [/[=(,]\s*["'`](?:https?:\/\/[^/"'`\s]+)?\/\.well-known\/vercel\/security\/request-challenge\b/] },
    ],
  },
  {
    vendor: 'kasada',
    what: 'a Kasada challenge',
    signatures: [
      // Its 429 page (public solver write-ups, detectors of hyatt.com / canadagoose.com answers):
      // the fingerprint script `/<uuid>/<uuid>/ips.js?…&x-kpsdk-im=…`, or that script beside the
      // inline `window.KPSDK={}` bootstrap. A protected page that loads fine carries `p.js`, never
      // ips.js.
      { markup: [/<script\b[^>]*\bsrc=["'][^"']*\/ips\.js\?[^"']*\bx-kpsdk-im=/i] },
      { script: [/\bwindow\.KPSDK\s*=\s*\{\s*\}/], markup: [/<script\b[^>]*\bsrc=["'][^"']*\/ips\.js\?/i] },
      // Its 429 carries its own `x-kpsdk-*` response headers (public detectors and solvers),
      // whatever the body. The same headers on a 200 (`x-kpsdk-ct` after a solved challenge) are
      // a pass: only the 429.
      { status: [429], header: [/^x-kpsdk-/, /./] },
    ],
  },
  {
    vendor: 'ddos-guard',
    what: 'a DDoS-Guard challenge page',
    signatures: [
      // Its captcha page and JS challenge load their assets from fixed paths of its own
      // (`/.well-known/ddos-guard/ddg-captcha-page/…`, `/.well-known/ddos-guard/js-challenge/…`).
      // Its `server: ddos-guard` header is on every page it passes: no marker.
      { markup: [/<(?:script|link)\b[^>]*\b(?:src|href)=["']?[^"'\s>]*\/\.well-known\/ddos-guard\/(?:js-challenge|ddg-captcha-page)\//i] },
    ],
  },
  {
    vendor: 'radware',
    what: 'a Radware Bot Manager (ShieldSquare) captcha',
    signatures: [
      // The captcha template's stylesheet and images on captcha.perfdrive.com (the sensor
      // `cdn.perfdrive.com/aperture/aperture.js` and `SSJSConnectorObj` sit on pages that load fine).
      // The redirect to validate.perfdrive.com is VENDOR_CHALLENGE_HOSTS.
      { markup: [/<link\b[^>]*\bhref=["']?(?:https?:)?\/\/captcha\.perfdrive\.com\/captcha-public\//i] },
    ],
  },
  {
    vendor: 'reblaze',
    what: 'a Reblaze challenge',
    signatures: [
      // The challenge's seed object `window.rbzns={bereshit:"1",seed:…}` (served at 247 or 200),
      // and its `rbzns.challdomain` assignment.
      { script: [/\bwindow\.rbzns\s*=\s*\{[^}]*["']?bereshit["']?\s*:/] },
      { script: [/\brbzns\.challdomain\s*=/] },
    ],
  },
  {
    vendor: 'alibaba-waf',
    what: 'an Alibaba Cloud WAF (acw_sc__v2) challenge',
    signatures: [
      // `var arg1='<40 hex>'` and the `acw_sc__v2` cookie it computes, in the page's scripts, or
      // the obfuscated script named `aliyunwaf_<id>`.
      { script: [/\bvar\s+arg1\s*=\s*['"][0-9A-F]{40}['"]/i, /["']acw_sc__v2["']/] },
      { markup: [/<script\b[^>]*\bname=["']?aliyunwaf_/i] },
    ],
  },
  {
    vendor: 'f5',
    what: 'an F5 Advanced WAF (TSPD) challenge',
    signatures: [
      // The JavaScript challenge stub (served at 200): its `window["bobcmn"]` options beside a
      // script from `/TSPD/`. The /TSPD/ script F5 injects into pages that load fine has no bobcmn.
      { script: [/\bwindow\[\s*["']bobcmn["']\s*\]\s*=/], markup: [/<script\b[^>]*\bsrc=["']?[^"'\s>]*\/TSPD\//i] },
    ],
  },
  {
    vendor: 'aws-waf',
    what: 'an AWS WAF challenge',
    signatures: [
      // AWS WAF's Challenge (202) and CAPTCHA (405) actions answer with `x-amzn-waf-action:
      // challenge | captcha` (AWS WAF developer guide, "CAPTCHA and Challenge action behavior").
      { header: ['x-amzn-waf-action', /^(?:challenge|captcha)$/i] },
      // Its challenge and CAPTCHA pages set `window.gokuProps = {key, iv, context}` for the
      // `…awswaf.com/…/challenge.js` they load (a page using the JavaScript integration loads
      // challenge.js too, without gokuProps: data).
      { script: [/\bwindow\.gokuProps\s*=/], markup: [/<script\b[^>]*\bsrc=["']?[^"'\s>]*\.awswaf\.com\//i] },
    ],
  },
  {
    vendor: 'wordfence',
    what: 'a Wordfence firewall page',
    signatures: [
      // Its WAF views (403 block, 503 "access limited", lockout) inline its logo as an `<svg
      // class="wf-header-logo">`; the 503's unlock form posts to `?_wfsf=unlockEmail`.
      { markup: [/<svg\b[^>]*\bclass=["']?wf-header-logo\b/i] },
      { script: [/[=(+]\s*["'][^"'\n]*[?&]_wfsf=unlockEmail\b/] },
    ],
  },
  {
    vendor: 'imunify360',
    what: "Imunify360's bot-protection refusal",
    signatures: [
      // CloudLinux Imunify360 (cPanel / Plesk shared hosting, where personal sites, blogs and
      // self-hosted servers live) answers a client it takes for automation with one fixed machine
      // message and nothing else — as a JSON object `{"message": "Access denied by Imunify360
      // bot-protection. IPs used for automation should be whitelisted"}` or as that line of plain
      // text — at 200, 403 or 415 (public reports: API clients and CI runners blocked by it, their
      // logged bodies). The whole body is the message: never translated, never a page's content.
      // (Its `server: imunify360-webshield` header is on every answer it passes: no marker.)
      { data: /^\s*\{\s*"message"\s*:\s*"Access denied by Imunify360 bot-protection\b[^"]*"\s*\}\s*$/ },
      { data: /^\s*Access denied by Imunify360 bot-protection\b[^\n<]*\s*$/ },
    ],
  },
  {
    vendor: 'anubis',
    what: 'an Anubis proof-of-work challenge',
    signatures: [
      // Techaro's Anubis (self-hosted sites, fediverse servers): the challenge's JSON script
      // `id="anubis_challenge"`, and the assets every page of its own loads from
      // `/.within.website/x/cmd/anubis/` (its challenge and its refusal page alike).
      { markup: [/<script\b[^>]*\bid=["']?anubis_challenge["'\s>]/i] },
      { markup: [/<(?:script|img|link)\b[^>]*\b(?:src|href)=["']?[^"'\s>]*\/\.within\.website\/x\/cmd\/anubis\//i] },
    ],
  },
];

/**
 * Cheap pre-filter: a page none of whose tokens appear is no vendor's (one scan of the markup
 * instead of one per rule).
 */
export const VENDOR_TOKENS =
  /challenge-form|jschl_|__cf_chl_|_cf_chl_opt|challenge-platform|\/cdn-cgi\/bm\/cv\/|cf\.challenge\.js|cf-error-details|edgesuite|Reference&#32;&#35;|\/_sec\/|sec-if-cpt|px-captcha|captcha\.px-|perimeterx|\/captcha\/captcha\.js|captcha-delivery\.com|_Incapsula_Resource|sucuri|px_?uuid|distil_r_captcha|distilCaptchaForm|ips\.js|well-known\/ddos-guard|perfdrive\.com|rbzns|acw_sc__v2|aliyunwaf|bobcmn|vercel\/security|gokuProps|anubis|wf-header-logo|_wfsf=|block_headline|SWUDNSAI|reeseSkipExpirationCheck|<noscript\b[^>]*>\s*<title|_pxCaptcha|\/_fs-ch-/i;

/**
 * Hosts that are a vendor's challenge, whatever they answer: a redirect that ends there is that
 * vendor's block. Radware Bot Manager sends a challenged client to
 * `validate.perfdrive.com/<id>/?ssa=…&ssc=<the page asked>` (public scrapers of yad2.co.il and
 * njuskalo.hr, a state supplier portal's notes).
 */
export const VENDOR_CHALLENGE_HOSTS: readonly { host: RegExp; vendor: string; what: string }[] = [
  { host: /^validate\.perfdrive\.com$/i, vendor: 'radware', what: 'a Radware Bot Manager (ShieldSquare) captcha' },
];
