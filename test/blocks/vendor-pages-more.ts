/**
 * More anti-bot vendor answers the block catalogue did not recognise (session 39). OUR OWN pages
 * and answers — no capture of them exists here — each written in the structure the vendor's
 * generator is publicly documented or reported to write, with per-request values made up and the
 * vendor's sentences translated, left out or moved, so a pass shows detection by structure.
 * References (read for facts, nothing copied):
 *  - Imperva Advanced Bot Protection (formerly Distil) interstitial, served at 200: its
 *    `<title>` inside `<noscript>`, a `<meta name="robots" content="noindex, nofollow">`,
 *    `window.reeseSkipExpirationCheck = true` and the reese84 script on a path of random words
 *    (public scrapers' recorded answers of aaii.com, athome.co.jp, pokemoncenter.com, ebay);
 *  - Imperva Incapsula's security interstitial, an iframe on
 *    `/_Incapsula_Resource?SWUDNSAI=<n>&…` that does not always carry an incident id (recorded
 *    answers of unfccc.int, comfy.ua, a queue monitor's rung-3 refusal);
 *  - HUMAN (PerimeterX): `x-px-blocked: 1` on its 403 (several public reports of zillow.com's
 *    answer to non-browser clients); its older reCAPTCHA block page, whose script stores the
 *    answer in the `_pxCaptcha` cookie (HUMAN's enforcer SDKs' block templates);
 *  - Cloudflare's RFC 9457 problem details for its 1xxx errors (changelog 2026-03-11, blog
 *    "rfc-9457-agent-error-pages"): to `Accept: application/json` or `application/problem+json`
 *    one JSON object with `type`, `title`, `status`, `detail`, `instance`, `error_code`,
 *    `error_name`, `error_category`, `ray_id`, `timestamp`, `zone`, `cloudflare_error: true`,
 *    `retryable`, `retry_after`, `owner_action_required`; the same for its own 5xx (origin down:
 *    no block);
 *  - Fastly's client challenge interstitial (Bot Management / Next-Gen WAF docs; public solvers of
 *    pypi.org, bible.com, support.mozilla.org): assets under `/_fs-ch-<id>/` — `assets/styles.css`,
 *    `errors.js`, then `script.js?reload=true` loaded from an inline script, `#loading-error`;
 *    a page that embeds a challenge in its own content loads `/_fs-ch-<id>/challenge.js` (data).
 */
import type { VendorPage } from './vendor-pages.js';

const HTML = { 'content-type': 'text/html; charset=UTF-8' };
const PROBLEM = { 'content-type': 'application/problem+json; charset=utf-8', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6081-FRA' };

/** Imperva ABP's interstitial, its sentences in German (the title only inside <noscript>). */
const IMPERVA_ABP_DE = `<!DOCTYPE html>
<html>
<head>
<noscript><title>Entschuldigen Sie die Unterbrechung</title></noscript>
<meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex, nofollow">
<script>window.reeseSkipExpirationCheck = true;</script>
<script src="/Whose-and-Macb-wither-Banquoh-this-said-I-Ross-ha" async></script>
<style>.container { max-width: 800px; margin: auto; font-family: sans-serif; }</style>
</head>
<body>
<div class="container">
<h1>Entschuldigen Sie die Unterbrechung</h1>
<p>Beim Surfen hat uns etwas an Ihrem Browser glauben lassen, dass Sie ein Bot sind.</p>
<p>Vorfall-ID: 0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9</p>
</div>
</body>
</html>`;

/** The same interstitial as a site saved it without the reese flag: the noscript title and robots meta. */
const IMPERVA_ABP_BARE = `<!DOCTYPE html><html><head>
    <noscript>
        <title>Pardon</title>
    </noscript>
    <meta name="robots" content="noindex, nofollow">
<script src="/vice-come-Soldenyson-it-non-Banquoh-Chare-Hart-C" async></script></head><body><div class="container"></div></body></html>`;

/** Incapsula's SWUDNSAI interstitial without an incident id in its iframe URL. */
const INCAPSULA_SWUDNSAI = `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0"><meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
<script src="/nly-What-neuer-of-my-But-of-Rosse-a-Say-thinke-v" async></script><script type="text/javascript">if (sessionStorage) { sessionStorage.setItem('distil_referrer', document.referrer); }</script></head>
<body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31&amp;xinfo=9-12345678-0%20NNNN%20RT%281718000000000%2042%29&amp;mth=GET" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px"></iframe></body></html>`;

/** HUMAN's old reCAPTCHA block page: its script keeps the answer in the `_pxCaptcha` cookie (no px-captcha element). */
const PERIMETERX_RECAPTCHA = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Acceso denegado</title>
<script src="https://www.google.com/recaptcha/api.js"></script>
<script>window.px_vid = ''; function handleCaptcha(response) { var name = '_pxCaptcha'; var expiryUtc = new Date(Date.now() + 1000 * 10).toUTCString(); var cookieParts = [name, '=', response + ':' + window.px_vid, '; expires=', expiryUtc, '; path=/']; document.cookie = cookieParts.join(''); location.reload(); }</script></head>
<body><div class="container"><h1>Confirme que es humano</h1><div class="g-recaptcha" data-sitekey="6Lcj-R8TAAAAABs3FrRPuQhLMbp5QrHsHufzLf7b" data-callback="handleCaptcha"></div></div></body></html>`;

/** Cloudflare's problem details for one of its 1xxx errors. */
const cloudflareProblem = (code: number, status: number, name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: `https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-1xxx-errors/error-${code}/`,
    title: `Error ${code}: ${name.replace(/_/g, ' ')}`,
    status,
    detail: 'The site owner has configured a rule that stops this request. Werte und Sätze: unsere eigenen.',
    instance: '8a1b2c3d4e5f6081',
    error_code: code,
    error_name: name,
    error_category: 'access_denied',
    ray_id: '8a1b2c3d4e5f6081',
    timestamp: '2026-11-30T23:59:00Z',
    zone: 'truthsocial.com',
    cloudflare_error: true,
    retryable: false,
    owner_action_required: true,
    ...extra,
  });

/** Fastly's client challenge interstitial (the inline loader of errors.js, then script.js). */
const FASTLY_INTERSTITIAL = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vérification</title><link href="/_fs-ch-1T1wmsGaOgGaSxcX/assets/styles.css" rel="stylesheet"></head>
<body><noscript><div class="noscript-container"><span>JavaScript est désactivé.</span></div></noscript>
<div id="loading-error" role="alert" aria-live="polite" aria-hidden="true" style="display:none"><img src="/_fs-ch-1T1wmsGaOgGaSxcX/assets/errorIcon.svg" alt=""><p>Une partie du site n'a pas pu se charger.</p></div>
<script>function handleScriptError(){document.getElementById('loading-error').style.display='block';}
function loadScript(src){return new Promise(function(resolve,reject){var s=document.createElement('script');s.onload=resolve;s.onerror=function(e){handleScriptError();reject(e);};s.src=src;document.body.appendChild(s);});}
loadScript('/_fs-ch-1T1wmsGaOgGaSxcX/errors.js').then(function(){var script=document.createElement('script');script.src='/_fs-ch-1T1wmsGaOgGaSxcX/script.js?reload=true';script.onerror=handleScriptError;document.body.appendChild(script);});</script></body></html>`;

/** The older, smaller interstitial: its script loaded by an element. */
const FASTLY_INTERSTITIAL_SCRIPT_ELEMENT = `<!DOCTYPE html><html lang="en"><head>
<link href="/_fs-ch-1T1wmsGaOgGaSxcX/assets/styles.css" rel="stylesheet" /><title>Client Challenge</title></head><body>
<noscript><span>JavaScript is disabled in your browser.</span></noscript><div id="loading-error" role="alert"></div>
<script src="/_fs-ch-1T1wmsGaOgGaSxcX/script.js"></script></body></html>`;

export const MORE_VENDOR_PAGES: readonly VendorPage[] = [
  {
    name: "Imperva Advanced Bot Protection's interstitial (reese flag), German, 200",
    vendor: 'incapsula',
    status: 200,
    headers: HTML,
    body: IMPERVA_ABP_DE,
  },
  {
    name: "Imperva Advanced Bot Protection's interstitial without the reese flag (noscript title, robots meta), 200",
    vendor: 'incapsula',
    status: 200,
    headers: HTML,
    body: IMPERVA_ABP_BARE,
  },
  {
    name: "Incapsula's SWUDNSAI interstitial without an incident id, 200",
    vendor: 'incapsula',
    status: 200,
    headers: HTML,
    body: INCAPSULA_SWUDNSAI,
  },
  {
    name: "HUMAN's block announced by x-px-blocked only (a non-browser client's 403)",
    vendor: 'perimeterx',
    status: 403,
    headers: { ...HTML, 'x-px-blocked': '1' },
    body: '<!DOCTYPE html><html lang="en"><head><title>Zugriff verweigert</title></head><body></body></html>',
  },
  {
    name: "HUMAN's reCAPTCHA block page (_pxCaptcha cookie script), Spanish",
    vendor: 'perimeterx',
    status: 403,
    headers: HTML,
    body: PERIMETERX_RECAPTCHA,
  },
  {
    name: "HUMAN's blocking JSON with blockScript before appId (an XHR's 403)",
    vendor: 'perimeterx',
    status: 403,
    headers: { 'content-type': 'application/json' },
    body: '{"blockScript":"https://captcha.px-cdn.net/PXab12CD34/captcha.js?a=c&u=0a1b2c3d&v=&m=0","appId":"PXab12CD34","jsClientSrc":"https://client.px-cloud.net/PXab12CD34/main.min.js","firstPartyEnabled":false,"vid":"","uuid":"0a1b2c3d","hostUrl":"https://collector-pxab12cd34.px-cloud.net"}',
  },
  {
    name: 'Cloudflare 1020 as problem JSON (application/problem+json), 403',
    vendor: 'cloudflare',
    status: 403,
    headers: PROBLEM,
    body: cloudflareProblem(1020, 403, 'access_denied'),
  },
  {
    name: 'Cloudflare 1015 (rate limited) as JSON (application/json), 429, pretty-printed',
    vendor: 'cloudflare',
    status: 429,
    headers: { ...PROBLEM, 'content-type': 'application/json; charset=utf-8', 'retry-after': '30' },
    body: JSON.stringify(
      JSON.parse(cloudflareProblem(1015, 429, 'rate_limited', { error_category: 'rate_limit', retryable: true, retry_after: 30 })),
      null,
      2,
    ),
  },
  {
    name: 'Cloudflare 1010 (browser signature banned) as problem JSON, 403',
    vendor: 'cloudflare',
    status: 403,
    headers: PROBLEM,
    body: cloudflareProblem(1010, 403, 'browser_signature_banned'),
  },
  {
    name: "Fastly's client challenge interstitial (inline loader), French, 200",
    vendor: 'fastly',
    status: 200,
    headers: HTML,
    body: FASTLY_INTERSTITIAL,
  },
  {
    name: "Fastly's client challenge interstitial (script element), 200",
    vendor: 'fastly',
    status: 200,
    headers: HTML,
    body: FASTLY_INTERSTITIAL_SCRIPT_ELEMENT,
  },
  {
    name: "Akamai's Access Denied with its reference and edgesuite line as plain text (a page of Akamai's size), 403",
    vendor: 'akamai',
    status: 403,
    headers: HTML,
    body: `<HTML><HEAD>\n<TITLE>Zugriff verweigert</TITLE>\n</HEAD><BODY>\n<H1>Zugriff verweigert</H1>\nReference #18.6f3c1402.1718000000.2b8d26b6\n<P>https://errors.edgesuite.net/18.6f3c1402.1718000000.2b8d26b6</P>\n</BODY>\n</HTML>\n`,
  },
  {
    name: "DataDome's captcha loader from ct.captcha-delivery.com, 403",
    vendor: 'datadome',
    status: 403,
    headers: { ...HTML, 'x-datadome': 'protected' },
    body: `<html lang="en"><head><title>example.com</title></head><body style="margin:0"><p id="cmsg">Bitte JavaScript aktivieren</p><script data-cfasync="false">var dd={'rt':'i','cid':'AHrlqAAAAAMA','hsh':'2211F522B61E269B869FA6EAFFB5E1','b':1234567,'s':36795,'e':'d6d2a8e1','host':'ct.captcha-delivery.com'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/i.js"></script></body></html>`,
  },
  {
    name: "DataDome's JSON answer to an XHR, pretty-printed, 403",
    vendor: 'datadome',
    status: 403,
    headers: { 'content-type': 'application/json', 'x-datadome': 'protected', 'x-dd-b': '1' },
    body: '{\n  "url": "https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&hash=2211F522B61E269B869FA6EAFFB5E1&cid=abc&t=fe&referer=https%3A%2F%2Fexample.com%2F&s=36795&e=d6d2a8e1"\n}\n',
  },
];

/** Answers that are data, or a failure that is not a block, beside those vendors' markers. */
export const MORE_NOT_VENDOR_PAGES: readonly { name: string; body: string; headers?: Record<string, string> }[] = [
  {
    name: "Cloudflare's own 522 (origin down) as problem JSON: a failure, not a block",
    body: JSON.stringify({
      type: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/error-522/',
      title: 'Error 522: Connection timed out',
      status: 522,
      detail: 'The origin did not answer in time.',
      instance: '8a1b2c3d4e5f6082',
      error_code: 522,
      error_name: 'connection_timed_out',
      error_category: 'origin',
      ray_id: '8a1b2c3d4e5f6082',
      cloudflare_error: true,
      retryable: true,
      retry_after: 60,
      owner_action_required: true,
    }),
    headers: PROBLEM,
  },
  {
    name: "Cloudflare's 1016 (origin DNS error) as problem JSON: a failure, not a block",
    body: JSON.stringify({ type: 'x', status: 530, error_code: 1016, error_name: 'origin_dns_error', cloudflare_error: true }),
    headers: PROBLEM,
  },
  {
    name: 'an API answer whose member quotes a Cloudflare problem (a post about it)',
    body: JSON.stringify({ id: '1', content: '<p>got {"error_code":1020,"cloudflare_error":true} again</p>', error_code: null }),
    headers: { 'content-type': 'application/json' },
  },
  {
    name: "an API object that is not Cloudflare's (error_code 1020 without cloudflare_error)",
    body: JSON.stringify({ error_code: 1020, message: 'Quota of our own API' }),
    headers: { 'content-type': 'application/json' },
  },
  {
    name: "a page that embeds Fastly's challenge in its own content (challenge.js, a fastly-challenge div)",
    body: `<!DOCTYPE html><html><head><title>Sign up</title><script src="/_fs-ch-1T1wmsGaOgGaSxcX/challenge.js" defer></script></head><body><main><h1>Create your account</h1><form action="/signup"><input name="email"><div class="fastly-challenge"></div></form></main></body></html>`,
    headers: HTML,
  },
  {
    name: 'an article whose image was saved from a Fastly interstitial (errorIcon.svg in an <img>)',
    body: `<!DOCTYPE html><html><head><title>Weekly digest</title></head><body><article><h1>AI and turbulence</h1><img src="https://www.nature.com/_fs-ch-1T1wmsGaOgGaSxcX/assets/errorIcon.svg"><p>Physicists and mathematicians…</p></article></body></html>`,
    headers: HTML,
  },
  {
    name: 'a creator page whose bio says "Pardon Our Interruption" and "Access Denied" (noscript elsewhere, no robots meta)',
    body: `<!DOCTYPE html><html><head><title>Pardon Our Interruption — the podcast</title><meta name="description" content="Access Denied, Reference #18 of my zine"></head><body><noscript><img src="/pixel.gif"></noscript><main><h1>Pardon Our Interruption</h1><p>Access denied? Not here: episodes every week. As you were browsing something about your browser made us think you were a bot — our first episode.</p></main></body></html>`,
    headers: HTML,
  },
  {
    name: 'a page with a noscript title fallback but indexable (no robots noindex)',
    body: `<!DOCTYPE html><html><head><noscript><title>Maya's shop</title></noscript><script src="/app.js"></script></head><body><div id="root"></div></body></html>`,
    headers: HTML,
  },
  {
    name: 'a page whose script reads the reese flag without setting it (a sensor on a page that loaded)',
    body: `<!DOCTYPE html><html><head><title>Listings</title><script>if (window.reeseSkipExpirationCheck) { console.log('skip'); }</script><script src="/Lady-Macb-Which-an-it-with-B" async></script></head><body><main><h1>Apartments</h1></main></body></html>`,
    headers: HTML,
  },
  {
    name: "an article that documents HUMAN's _pxCaptcha cookie in prose",
    body: `<!DOCTYPE html><html><head><title>Bot walls</title></head><body><article><p>HUMAN keeps the answer in the _pxCaptcha cookie; x-px-blocked: 1 marks its 403.</p></article></body></html>`,
    headers: HTML,
  },
  {
    name: 'a page served by HUMAN that passed (x-px-blocked absent, its sensor present)',
    body: `<!DOCTYPE html><html><head><title>Homes</title><script>window._pxAppId='PXab12CD34';</script></head><body><main><h1>Homes for sale</h1></main></body></html>`,
    headers: { ...HTML, 'x-px-blocked': '0' },
  },
];
