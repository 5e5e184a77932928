/**
 * Anti-bot vendor pages for which no real capture is available (../shared/fixtures/blocks/ holds
 * Cloudflare's JS and captcha challenges of 2016–2020 only). These are OUR OWN pages, written
 * from what is publicly known of each vendor's generated page — the structural markers the block
 * catalogue (src/upstream/blocks/vendors.ts) keys on, with per-request values made up — and
 * deliberately with titles and wording in other languages or none, so a test passing on them
 * shows detection by structure, not by English text.
 *
 * Beside them, ordinary pages that carry the vendors' passive scripts (which must stay data).
 */

import { MORE_NOT_VENDOR_PAGES, MORE_VENDOR_PAGES } from './vendor-pages-more.js';

export interface VendorPage {
  name: string;
  vendor: string;
  body: string;
  headers?: Record<string, string>;
  /** The status the vendor usually sends it with (the e2e suites also try the others). */
  status: number;
}

const HTML = { 'content-type': 'text/html; charset=UTF-8' };

/** Cloudflare's managed challenge (2021 on), in Japanese: only the options object and orchestrator are structure. */
const CLOUDFLARE_MANAGED_JA = `<!DOCTYPE html><html lang="ja-JP"><head><title>しばらくお待ちください...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head>
<body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">example.jp</h1>
<p id="Truv1" class="h2 spacer-bottom">接続のセキュリティを確認しています</p>
<noscript><div class="h2"><span id="challenge-error-text">続行するには JavaScript と Cookie を有効にしてください</span></div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "example.jp",cType: 'managed',cRay: '8a1b2c3d4e5f6071',cH: 'Zm9vYmFy',cUPMDTk: "\\/?__cf_chl_tk=abcDEF",cFPWv: 'g',cLt: 'n',cITimeS: '1718000000'};
var cpo = document.createElement('script');cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8a1b2c3d4e5f6071';
window._cf_chl_opt.cOgUHash = location.hash === '' && location.href.indexOf('#') !== -1 ? '#' : location.hash;
if (window.history && window.history.replaceState) {var ogU = location.pathname + window._cf_chl_opt.cOgUQuery + window._cf_chl_opt.cOgUHash;history.replaceState(null, null, "\\/?__cf_chl_rt_tk=xyz" + window._cf_chl_opt.cOgUHash);}
document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;

/** The same challenge in German, its orchestrator loaded by a plain script element (no options object). */
const CLOUDFLARE_JS_DE = `<!DOCTYPE html><html lang="de-DE"><head><meta charset="UTF-8"><title>Einen Moment…</title></head>
<body><div id="challenge-body-text">Überprüfen, ob die Verbindung sicher ist</div>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1?ray=8a1b2c3d4e5f6072" async></script></body></html>`;

/**
 * Bot Fight Mode's near-empty answer: nothing but Cloudflare's challenge-platform script (the
 * same script that also sits, harmlessly, on ordinary pages — see PAGE_WITH_CLOUDFLARE_JSD).
 */
const CLOUDFLARE_BOT_FIGHT_MODE = `<html><head></head><body><script>(function(){function c(){var b=a.contentDocument||a.contentWindow.document;if(b){var d=b.createElement('script');d.innerHTML="window.__CF$cv$params={r:'8a1b2c3d4e5f6073',t:'MTcxODAwMDAwMC4wMDAwMDA='};var a=document.createElement('script');a.nonce='';a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.getElementsByTagName('head')[0].appendChild(a);";b.getElementsByTagName('head')[0].appendChild(d)}}if(document.body){var a=document.createElement('iframe');a.height=1;a.width=1;a.style.position='absolute';a.style.top=0;a.style.left=0;a.style.border='none';a.style.visibility='hidden';document.body.appendChild(a);c()}})();</script></body></html>`;

/**
 * Bot Fight Mode as it answered in 2020–2021 (the shape of a public scraper's recorded page, our
 * own values): Bot Management's `/cdn-cgi/bm/cv/<n>/api.js` and the `__CF$cv$params` object,
 * nothing else — no challenge-platform path at all.
 */
const CLOUDFLARE_BOT_FIGHT_MODE_2021 = `<html>
	<head>
	<script async src='/cdn-cgi/bm/cv/669835187/api.js'></script></head>
	<body>
	<script type="text/javascript">(function(){window['__CF$cv$params']={r:'6a1b2c3d4e5f6078',m:'0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c-1611000000-1800-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789==',s:[0x1a2b3c4d5e,0x6f7a8b9c0d],}})();</script></body>
</html>`;

/** Cloudflare's error 1015 ("rate limited") page, in French: the cf-error-details template with a 10xx code. */
const CLOUDFLARE_1015_FR = `<!DOCTYPE html><html class="no-js" lang="fr-FR"><head><title>Accès limité | example.fr | Cloudflare</title></head>
<body><div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper"><div class="cf-wrapper cf-header cf-error-overview">
<h1><span class="cf-error-type" data-translate="error">Erreur</span><span class="cf-error-code">1015</span></h1>
<h2 class="cf-subheadline" data-translate="error_desc">Votre débit est limité</h2></div>
<div class="cf-section cf-wrapper"><p>Le propriétaire de ce site web a banni temporairement votre adresse IP.</p></div>
<div class="cf-error-footer cf-wrapper"><p><span class="cf-footer-item">Cloudflare Ray ID: <strong class="font-semibold">8a1b2c3d4e5f6074</strong></span></p></div></div></div></body></html>`;

/**
 * Cloudflare's 10xx page in its 2021 template (the shape of a public bug-bounty dataset's raw
 * answers: the code in a plain span after the "Error" one, no cf-error-code class); our values.
 */
const cloudflare10xx2021 = (
  code: number,
) => `<!DOCTYPE html><html lang="en-US"><head><title>Access denied | shop.example used Cloudflare to restrict access</title></head>
<body><div id="cf-wrapper"><div id="cf-error-details" class="p-0"><header class="mx-auto pt-10">
<h1 class="inline-block md:block mr-2"><span data-translate="error">Error</span> <span>${code}</span></h1>
<span class="inline-block heading-ray-id font-mono">Ray ID: 6a1b2c3d4e5f6071 &bull;</span><h2 class="text-gray-600">Access denied</h2></header></div></div></body></html>`;

/** A site's own error page around Cloudflare's error box (`cf-error-details cf-error-<code>` classes), as several 2021 sites had it. */
const cloudflareBoxInSitePage = (code: number) => `<!doctype html><html lang="en"><head><title>Error • Example Courses</title></head><body>
<div class="error__wrapper"><h1>Sorry, something went wrong</h1><div class="error__debug"><div class="cf-error-details cf-error-${code}">
<h1>Access denied</h1><ul class="cferror_details"><li>Ray ID: 6a1b2c3d4e5f6072</li><li>Error reference number: ${code}</li></ul></div></div></div></body></html>`;

/** PerimeterX's block template as its enforcer SDKs render it: the captcha script added from JS, no px-captcha element. */
const PERIMETERX_SDK_TEMPLATE = `<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="px-captcha"><title>Access to this page has been denied</title></head>
<body><script>window._pxAppId='PXab12CD34';window._pxJsClientSrc='/ab12CD34/init.js';window._pxHostUrl='/ab12CD34/xhr';window._pxUuid='3c0f2a10-2710-11ef-9e55-53764b6c4c5b';
var pxCaptchaSrc='/ab12CD34/captcha/captcha.js?a=c&u=3c0f2a10-2710-11ef-9e55-53764b6c4c5b&v=&m=0';var script=document.createElement('script');script.src=pxCaptchaSrc;document.head.appendChild(script);</script></body></html>`;

/** Distil Networks' captcha page (2018; Distil is Imperva's now). */
const DISTIL_CAPTCHA = `<!DOCTYPE html><html><head><title>Pardon Our Interruption</title><script type="text/javascript" src="/distil_r_captcha_util.js"></script></head>
<body><div id="distil_ident_block"><form id="distilCaptchaForm" class="recaptcha" method="post" action="/distil_r_captcha.html?requestId=0a1b2c3d&amp;httpReferrer=%2F"><div id="dCF_captcha_text"></div></form></div></body></html>`;

/** Akamai's edge "Access Denied" (the page Apple Music answers with): entity-encoded reference and edgesuite link. */
const AKAMAI_ACCESS_DENIED = `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>
 
You don't have permission to access "http&#58;&#47;&#47;music&#46;apple&#46;com&#47;" on this server.<P>
Reference&#32;&#35;18&#46;6f3c1402&#46;1718000000&#46;2b8d26b6
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;6f3c1402&#46;1718000000&#46;2b8d26b6</P>
</BODY>
</HTML>
`;

/** Akamai Bot Manager's sensor challenge ("Powered and protected by Akamai"), in Spanish. */
const AKAMAI_BOT_MANAGER_ES = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Un momento</title>
<link rel="stylesheet" href="/_sec/cp_challenge/sec-4-4.css"></head>
<body><div id="sec-if-cpt-container" class="sec-if-cpt-container"><div class="sec-text-container">Comprobando su navegador…</div></div>
<script src="/_sec/cp_challenge/sec-cpt-4-4.js" async defer></script>
<script>window.addEventListener('load',function(){chlgeId='abc';chlgeDuration=5;})</script></body></html>`;

/** PerimeterX / HUMAN block page ("Press & Hold"), with its captcha element and script. */
const PERIMETERX_CAPTCHA = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Access to this page has been denied</title></head>
<body><div class="px-captcha-container"><div class="px-captcha-header">Before we continue...</div>
<div id="px-captcha"></div><p>Reference ID 3c0f2a10-2710-11ef-9e55-53764b6c4c5a</p></div>
<script>window._pxAppId = 'PXab12CD34';window._pxJsClientSrc = '/ab12CD34/init.js';window._pxFirstPartyEnabled = true;window._pxHostUrl = '/ab12CD34/xhr';window._pxreCaptchaTheme = 'light';</script>
<script src="/ab12CD34/captcha/captcha.js?a=c&u=3c0f2a10-2710-11ef-9e55-53764b6c4c5a&v=&m=0"></script></body></html>`;

/** DataDome's captcha page: the `dd` object and the captcha loader, with a neutral title. */
const DATADOME_CAPTCHA = `<html lang="en"><head><title>example.com</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head>
<body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p>
<script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMAzZ9x8e7W6c5AAAAA==','hsh':'2211F522B61E269B869FA6EAFFB5E1','t':'bv','s':36795,'e':'d6d2a8e1c5b3a4f7','host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;

/** DataDome's answer to an API request: one JSON object pointing at the captcha. */
const DATADOME_JSON = `{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&hash=2211F522B61E269B869FA6EAFFB5E1&cid=abc&t=bv&referer=https%3A%2F%2Fexample.com%2F&s=36795&e=d6d2a8e1"}`;

/** Imperva Incapsula's block page: an iframe on `_Incapsula_Resource` with the incident id. */
const INCAPSULA_BLOCK = `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0"><meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1"></head>
<body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=24&xinfo=8-12690372-0%200NNN%20RT%281718000000000%20190%29%20q%280%20-1%20-1%20-1%29%20r%280%20-1%29%20B12%284%2c315%2c0%29%20U18&incident_id=1234000340069873216-98765432109876543&edet=12&cinfo=04000000&rpinfo=0&mth=GET" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px">Request unsuccessful. Incapsula incident ID: 1234000340069873216-98765432109876543</iframe></body></html>`;

/** Sucuri's JS challenge: the `sucuri_cloudproxy_js` cookie script. */
const SUCURI_JS_CHALLENGE = `<html><title>You are being redirected...</title>
<noscript>Javascript is required. Please enable javascript before you are allowed to see this page.</noscript>
<script>var s={},u,c,U,r,i,l=0,a,e=eval,w=String.fromCharCode,sucuri_cloudproxy_js='',S='cz0iMXNlYyIuc3Vic3RyKDAsMSkgKyAnNycgKyAiMCIgKyAgJyc7';L=S.length;U=0;r='';var A='ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';for(u=0;u<64;u++){s[A.charAt(u)]=u;}for(i=0;i<L;i++){c=s[S.charAt(i)];U=(U<<6)+c;l+=6;while(l>=8){((a=(U>>>(l-=8))&0xff)||(i<(L-2)))&&(r+=w(a));}}e(r);</script></html>`;

/** Sucuri's firewall block page (served with `x-sucuri-block`), in Portuguese. */
const SUCURI_BLOCK_PT = `<!DOCTYPE html><html lang="pt"><head><meta charset="utf-8"><title>Sucuri WebSite Firewall - Acesso negado</title>
<link rel="stylesheet" href="https://cdn.sucuri.net/sucuri-firewall-block.css"></head>
<body><div id="main-container"><h2>Acesso negado - Sucuri Website Firewall</h2>
<table><tr><td>Block ID:</td><td>BNP005</td></tr><tr><td>Block reason:</td><td>Bad bot access attempt.</td></tr></table>
<a href="https://sucuri.net/website-firewall/">Sucuri</a></div></body></html>`;

/*
 * Vendors added after a search of public reports (2026-11-30). OUR OWN pages: the structure each
 * vendor's generator is publicly reported to write, with made-up per-request values, titles and
 * wording left out or in other languages. References (read for facts, nothing copied):
 *  - Kasada: the 429 "fp" page of public solver write-ups and detectors (Hyper Solutions' docs,
 *    scrapling's antibot tests, a crawler's notes on canadagoose.com / hyatt.com, 681 bytes):
 *    an inline `window.KPSDK={}` bootstrap and a script `/<uuid>/<uuid>/ips.js?…&x-kpsdk-im=…`;
 *  - DDoS-Guard: its captcha page loads `/.well-known/ddos-guard/ddg-captcha-page/{index.css,
 *    view.js,index.js}` (a public test built from a live Anna's Archive answer), its JS challenge
 *    `/.well-known/ddos-guard/js-challenge/index.js` (several public detectors);
 *  - Radware Bot Manager (ShieldSquare): a redirect to `validate.perfdrive.com/<id>/?ssa=…&ssc=…`
 *    (public scrapers of yad2.co.il, njuskalo.hr, a state portal's notes), whose captcha page
 *    loads `captcha.perfdrive.com/captcha-public/css/shieldsquare_styles.min.css` (a public
 *    scraper cache of mn.gov's "ShieldSquare Captcha" page);
 *  - Reblaze (Link11): its challenge sets `window.rbzns={bereshit:"1",seed:…}` and calls
 *    `winsocks()`, at status 247 or 200 (Reblaze's curiefense tests, public scrapers);
 *  - Alibaba Cloud WAF: `<html><script>var arg1='<40 hex>'; … setCookie("acw_sc__v2", x) …` and
 *    a `<script name="aliyunwaf_…">` (WangYihang/acw-sc-v2's README, several public solvers);
 *  - F5 Advanced WAF / Shape (TSPD): a ~5.6 KB 200 stub with `window["bobcmn"]` and a `/TSPD/`
 *    script (public research notes on statbel.fgov.be; detectors of npci.org.in, tefas).
 */

/** Kasada's 429 answer: the KPSDK bootstrap and its ips.js script, nothing else. */
const KASADA_429 = `<!DOCTYPE html><html><head></head><body><script>window.KPSDK={};KPSDK.now=typeof performance!=='undefined'&&performance.now?performance.now.bind(performance):Date.now.bind(Date);KPSDK.start=KPSDK.now();</script><script src="/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809/ips.js?tkrm_alpekz_s1.3=T3VyT3duVmFsdWU&amp;x-kpsdk-im=QUJDREVGRw"></script><iframe src="javascript:;" style="display: none;"></iframe></body></html>`;

/** DDoS-Guard's captcha page, in Russian. */
const DDOS_GUARD_CAPTCHA_RU = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="/.well-known/ddos-guard/ddg-captcha-page/index.css"><script defer="defer" src="/.well-known/ddos-guard/ddg-captcha-page/view.js"></script><script defer="defer" src="/.well-known/ddos-guard/ddg-captcha-page/index.js"></script></head>
<body><div class="container"><div class="top"><h1 id="title">Проверка браузера перед переходом на сайт example.ru</h1></div><div id="ddg-captcha"></div></div></body></html>`;

/** DDoS-Guard's JavaScript challenge: its js-challenge script alone. */
const DDOS_GUARD_JS = `<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/.well-known/ddos-guard/js-challenge/index.js"></script></body></html>`;

/** Radware Bot Manager's captcha page (ShieldSquare's template), in Hebrew. */
const RADWARE_CAPTCHA_HE = `<!DOCTYPE html><html lang="he"><head><meta charset="utf-8">
<link rel="icon" href="https://captcha.perfdrive.com/captcha-public/images/favicon.png"><link rel="stylesheet" href="https://captcha.perfdrive.com/captcha-public/css/shieldsquare_styles.min.css">
<script type="text/javascript">window.SSJSInternal = 4242;(function(w, d, e, u, c, g, a, b){w["SSJSConnectorObj"] = w["SSJSConnectorObj"] || {ss_cid : c, domain_info: g};a = d.createElement(e);a.async = true;a.src = u;b = d.getElementsByTagName(e)[0];b.parentNode.insertBefore(a, b);})(window,document,"script","https://cdn.perfdrive.com/aperture/aperture.js","a1b2","auto");</script></head>
<body><div class="container"><h1>אנא אשרו שאינכם רובוט</h1><div id="captcha-box"></div></div></body></html>`;

/** Reblaze's JavaScript challenge. */
const REBLAZE_CHALLENGE = `<html><head><meta charset="utf-8"></head><body><script>;;window.rbzns={bereshit:"1",seed:"T3VyT3duU2VlZA==",storage:"3"};rbzns.challdomain="example.co.il";(function(){var x=1;})();winsocks(true);</script></body></html>`;

/** Alibaba Cloud WAF's acw_sc__v2 challenge. */
const ALIBABA_ACW = `<html><script>
var arg1='0A1B2C3D4E5F60718293A4B5C6D7E8F901234567';
function setCookie(name,value){var expiredate=new Date();expiredate.setTime(expiredate.getTime()+(3600*1000));document.cookie=name+"="+value+";expires="+expiredate.toGMTString()+";max-age=3600;path=/";}
function reload(x) {setCookie("acw_sc__v2", x);document.location.reload();}
</script>
<script name="aliyunwaf_0a1b2c3d">var _0xabcd=['\\x61\\x62','\\x63\\x64'];(function(a,b){while(--b){a.push(a.shift());}}(_0xabcd,0x3));</script></html>`;

/** F5's TSPD JavaScript challenge (200): its options variable and /TSPD/ script, a support id. */
const F5_TSPD_CHALLENGE = `<!DOCTYPE html><html><head><meta http-equiv="Pragma" content="no-cache"/><meta http-equiv="Expires" content="-1"/><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>
<script type="text/javascript">(function(){window["bobcmn"] = "1111101010101020000000220000000520000000021e0a1b2c3d200000096300000000300000000300000006/TSPD/300000008TSPD_101_0000000a";window.aBcD=!!window.aBcD;})();</script>
<script type="text/javascript" src="/TSPD/08a1b2c3d4ab2000f0e1d2c3b4a5968778695a4b3c2d1e0f?type=7"></script>
<noscript>JavaScript wird benötigt.<br/><br/>Support-ID: 12345678901234567890</noscript></head><body></body></html>`;

/*
 * Bodies that say whose challenge they are without the vendor's header (a capture saved without
 * its headers, or a proxy that dropped them). OUR OWN pages; references (facts only):
 *  - Anubis (Techaro's proof-of-work wall, on many self-hosted sites and fediverse servers):
 *    `<script id="anubis_challenge" type="application/json">` and its assets under
 *    `/.within.website/x/cmd/anubis/` (public solvers for Dryad, nitter instances, VCPedia;
 *    farside's block markers);
 *  - AWS WAF: its challenge/captcha page sets `window.gokuProps={key,iv,context}` before loading
 *    `…token.awswaf.com/…/challenge.js` (public notes on amazon.de, gaappeals.gov, 3rd.supply);
 *  - Vercel's checkpoint loads `/.well-known/vercel/security/static/challenge.v2.min.js` and posts
 *    to `/.well-known/vercel/security/request-challenge` (public solvers and detectors).
 */

/** Anubis's proof-of-work challenge, in French. */
const ANUBIS_CHALLENGE_FR = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="stylesheet" href="/.within.website/x/xess/xess.min.css?cachebuster=1.21.3">
<script id="anubis_version" type="application/json">"1.21.3"</script><script id="anubis_challenge" type="application/json">{"rules":{"algorithm":"fast","difficulty":4,"report_as":4},"challenge":{"id":"0a1b2c3d","randomData":"9f8e7d6c5b4a"}}</script>
<script id="anubis_base_prefix" type="application/json">""</script><script async type="module" src="/.within.website/x/cmd/anubis/static/js/main.mjs?cachebuster=1.21.3"></script></head>
<body id="top"><main><h1 id="title">Vérification que vous n'êtes pas un robot</h1><img id="image" src="/.within.website/x/cmd/anubis/static/img/pensive.webp?cacheBuster=1.21.3"><p id="status">Chargement…</p></main></body></html>`;

/** Anubis's refusal ("access denied") page: its own assets, no challenge. */
const ANUBIS_DENIED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/.within.website/x/xess/xess.min.css?cachebuster=1.21.3"></head>
<body id="top"><main><h1 id="title">Fehler</h1><img id="image" src="/.within.website/x/cmd/anubis/static/img/reject.webp?cacheBuster=1.21.3"><p>Zugriff verweigert.</p></main></body></html>`;

/** Our own vendor pages, each recognised by the block catalogue. */
export const OWN_VENDOR_PAGES: readonly VendorPage[] = [
  { name: 'Cloudflare managed challenge, Japanese', vendor: 'cloudflare', status: 403, headers: HTML, body: CLOUDFLARE_MANAGED_JA },
  {
    name: 'Cloudflare JS challenge, German (orchestrator script element)',
    vendor: 'cloudflare',
    status: 503,
    headers: HTML,
    body: CLOUDFLARE_JS_DE,
  },
  {
    name: 'Cloudflare Bot Fight Mode (near-empty page)',
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: CLOUDFLARE_BOT_FIGHT_MODE,
  },
  {
    name: 'Cloudflare Bot Fight Mode, 2021 (Bot Management script, no challenge-platform path)',
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: CLOUDFLARE_BOT_FIGHT_MODE_2021,
  },
  { name: 'Cloudflare error 1015 rate limited, French', vendor: 'cloudflare', status: 429, headers: HTML, body: CLOUDFLARE_1015_FR },
  {
    name: 'Cloudflare challenge announced by its header only',
    vendor: 'cloudflare',
    status: 403,
    headers: { ...HTML, 'cf-mitigated': 'challenge' },
    body: '<html><body></body></html>',
  },
  {
    name: "Vercel's security checkpoint (429, x-vercel-mitigated: challenge), a page of its own script",
    vendor: 'vercel',
    status: 429,
    headers: { ...HTML, 'x-vercel-mitigated': 'challenge' },
    body: '<!DOCTYPE html><html><head><title>Vercel Security Checkpoint</title></head><body><div id="root"></div><script src="/.well-known/vercel/security/static/challenge.v2.min.js"></script></body></html>',
  },
  {
    name: "a Vercel firewall rule's deny (403, x-vercel-mitigated: deny)",
    vendor: 'vercel',
    status: 403,
    headers: { 'content-type': 'text/plain', 'x-vercel-mitigated': 'deny' },
    body: 'Forbidden',
  },
  {
    name: 'AWS WAF challenge (202, x-amzn-waf-action: challenge)',
    vendor: 'aws-waf',
    status: 202,
    headers: { ...HTML, 'x-amzn-waf-action': 'challenge' },
    body: '<!DOCTYPE html><html lang="en"><head><script>window.gokuProps = {"key":"AQIDAHg=","iv":"CgAF","context":"Zm9v"};</script><script src="https://0a1b2c3d4e5f.edge.sdk.awswaf.com/0a1b2c3d4e5f/6a7b8c9d/challenge.js"></script></head><body><div id="challenge-container"></div></body></html>',
  },
  {
    name: 'AWS WAF CAPTCHA (405, x-amzn-waf-action: captcha)',
    vendor: 'aws-waf',
    status: 405,
    headers: { ...HTML, 'x-amzn-waf-action': 'captcha' },
    body: '<!DOCTYPE html><html lang="en"><head><script src="https://0a1b2c3d4e5f.edge.sdk.awswaf.com/0a1b2c3d4e5f/6a7b8c9d/captcha.js"></script></head><body><div id="captcha-container"></div></body></html>',
  },
  {
    name: 'Cloudflare error 1020 (firewall rule), 2021 template',
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: cloudflare10xx2021(1020),
  },
  {
    name: 'Cloudflare error 1005 (banned network), 2021 template',
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: cloudflare10xx2021(1005),
  },
  {
    name: "Cloudflare's error 1020 box in a site's own error page",
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: cloudflareBoxInSitePage(1020),
  },
  {
    name: "PerimeterX's SDK block template (the captcha added from JS)",
    vendor: 'perimeterx',
    status: 403,
    headers: HTML,
    body: PERIMETERX_SDK_TEMPLATE,
  },
  { name: 'Distil Networks captcha', vendor: 'distil', status: 405, headers: HTML, body: DISTIL_CAPTCHA },
  {
    // The shape of a 2021 answer in a public bug-bounty dataset: nothing but the challenge script.
    name: "Imperva Incapsula's JavaScript challenge (a shell of its script alone)",
    vendor: 'incapsula',
    status: 200,
    headers: HTML,
    body: '<html><head><META NAME="robots" CONTENT="noindex,nofollow"><script src="/_Incapsula_Resource?SWJIYLWA=5074a744e2e3d891814e9a2dace20bd4,719d34d31c8e3a6e6fffd425f7e032f3"></script></head><body></body></html>',
  },
  { name: 'Akamai "Access Denied" (edgesuite reference)', vendor: 'akamai', status: 403, headers: HTML, body: AKAMAI_ACCESS_DENIED },
  { name: 'Akamai Bot Manager challenge, Spanish', vendor: 'akamai', status: 200, headers: HTML, body: AKAMAI_BOT_MANAGER_ES },
  { name: 'PerimeterX / HUMAN captcha', vendor: 'perimeterx', status: 403, headers: HTML, body: PERIMETERX_CAPTCHA },
  { name: 'DataDome captcha page', vendor: 'datadome', status: 403, headers: HTML, body: DATADOME_CAPTCHA },
  {
    name: 'DataDome JSON answer to an API request',
    vendor: 'datadome',
    status: 403,
    headers: { 'content-type': 'application/json' },
    body: DATADOME_JSON,
  },
  { name: 'Imperva Incapsula block page', vendor: 'incapsula', status: 200, headers: HTML, body: INCAPSULA_BLOCK },
  { name: 'Sucuri JS challenge', vendor: 'sucuri', status: 200, headers: HTML, body: SUCURI_JS_CHALLENGE },
  {
    name: 'Sucuri firewall block page, Portuguese',
    vendor: 'sucuri',
    status: 403,
    headers: { ...HTML, 'x-sucuri-block': 'BNP005' },
    body: SUCURI_BLOCK_PT,
  },
  {
    name: 'Kasada 429 (KPSDK bootstrap and ips.js)',
    vendor: 'kasada',
    status: 429,
    headers: { ...HTML, 'x-kpsdk-ct': '0aBcDeF' },
    body: KASADA_429,
  },
  {
    name: 'DDoS-Guard captcha page, Russian',
    vendor: 'ddos-guard',
    status: 403,
    headers: { ...HTML, server: 'ddos-guard' },
    body: DDOS_GUARD_CAPTCHA_RU,
  },
  {
    name: 'DDoS-Guard JavaScript challenge',
    vendor: 'ddos-guard',
    status: 403,
    headers: { ...HTML, server: 'ddos-guard' },
    body: DDOS_GUARD_JS,
  },
  {
    name: 'Radware Bot Manager (ShieldSquare) captcha page, Hebrew',
    vendor: 'radware',
    status: 200,
    headers: HTML,
    body: RADWARE_CAPTCHA_HE,
  },
  { name: 'Reblaze JavaScript challenge', vendor: 'reblaze', status: 200, headers: HTML, body: REBLAZE_CHALLENGE },
  { name: 'Alibaba Cloud WAF acw_sc__v2 challenge', vendor: 'alibaba-waf', status: 200, headers: HTML, body: ALIBABA_ACW },
  { name: 'F5 Advanced WAF (TSPD) JavaScript challenge, German', vendor: 'f5', status: 200, headers: HTML, body: F5_TSPD_CHALLENGE },
  { name: 'Anubis proof-of-work challenge, French', vendor: 'anubis', status: 200, headers: HTML, body: ANUBIS_CHALLENGE_FR },
  { name: 'Anubis refusal page, German', vendor: 'anubis', status: 403, headers: HTML, body: ANUBIS_DENIED },
  {
    name: "Vercel's security checkpoint without its header (its challenge script)",
    vendor: 'vercel',
    status: 429,
    headers: HTML,
    body: '<!DOCTYPE html><html><head></head><body><div id="root"></div><script src="/.well-known/vercel/security/static/challenge.v2.min.js"></script></body></html>',
  },
  {
    name: 'AWS WAF challenge without its header (gokuProps and challenge.js)',
    vendor: 'aws-waf',
    status: 202,
    headers: HTML,
    body: '<!DOCTYPE html><html lang="en"><head><script>window.awsWafCookieDomainList = [];window.gokuProps = {"key":"AQIDAHg=","iv":"CgAF","context":"Zm9v"};</script><script src="https://0a1b2c3d4e5f.6a7b8c9d.eu-west-1.token.awswaf.com/0a1b2c3d4e5f/6a7b8c9d/challenge.js"></script></head><body><div id="challenge-container"></div><script>AwsWafIntegration.saveReferrer();</script></body></html>',
  },
  {
    // HUMAN's (PerimeterX's) answer to an XHR / API request it blocks, its "advanced blocking
    // response": one JSON object with `appId` ("PX…"), `jsClientSrc` and `blockScript` (the captcha
    // script), at 403, 412 or 435 (public notes on Walmart, Target's redsky, Turkish Airlines;
    // public detectors' tests). Our own values.
    name: 'PerimeterX / HUMAN JSON answer to an API request (412)',
    vendor: 'perimeterx',
    status: 412,
    headers: { 'content-type': 'application/json' },
    body: '{"appId":"PXab12CD34","jsClientSrc":"/ab12CD34/init.js","firstPartyEnabled":true,"vid":"","uuid":"3c0f2a10-2710-11ef-9e55-53764b6c4c5c","hostUrl":"/ab12CD34/xhr","blockScript":"/ab12CD34/captcha/captcha.js?a=c&u=3c0f2a10-2710-11ef-9e55-53764b6c4c5c&v=&m=0"}',
  },
  {
    // DataDome marks the answer its module blocks or challenges with `x-dd-b` (1: captcha, 2: block;
    // 3 seen on a device-check interstitial): a detector citing DataDome's "validate request" docs, a
    // live 403 of api.leboncoin.fr (`x-datadome: protected`, `x-dd-b: 1`), a Reuters note (`x-dd-b: 3`).
    // Our own answer: the header with a body carrying none of its markers.
    name: 'DataDome block announced by its x-dd-b header only',
    vendor: 'datadome',
    status: 403,
    headers: { 'content-type': 'application/json', 'x-datadome': 'protected', 'x-dd-b': '2' },
    body: '{}',
  },
  {
    // Cloudflare answers a client that does not ask for HTML (an API call, curl) with its 10xx
    // error as one plain-text line, `error code: 1020` (16 bytes, text/plain; `server: cloudflare`,
    // `cf-ray`): public tests of API clients (octopus, runpod), a scraper's recorded answer.
    name: 'Cloudflare 1020 as plain text (a non-browser client), 403',
    vendor: 'cloudflare',
    status: 403,
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: 'error code: 1020',
  },
  {
    name: 'Cloudflare 1015 (rate limited) as plain text, 429',
    vendor: 'cloudflare',
    status: 429,
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: 'error code: 1015\n',
  },
  {
    // Wordfence (WordPress firewall plugin, on many self-hosted blogs): its WAF views (wf-waf
    // `views/403.php`, `503.php`, `503-lockout.php` in public WordPress trees) inline its logo SVG with
    // `class="wf-header-logo"`; the 503 ("access limited", its rate limit) adds the `#unlock-form`
    // whose script posts to `?_wfsf=unlockEmail`. Our own pages, sentences translated.
    name: 'Wordfence rate-limit page (503), Spanish',
    vendor: 'wordfence',
    status: 503,
    headers: HTML,
    body: `<!DOCTYPE html><html><head><title>Acceso limitado</title><style>.wf-header-logo{max-width:450px}</style></head><body>
<svg viewBox="0 0 1000 180" class="wf-header-logo"><path d="M0 0h10v10H0z"/></svg><h4>Tu acceso a este sitio ha sido limitado</h4><p>Motivo: <span>demasiadas solicitudes</span></p>
<form method="POST" id="unlock-form" action="#"><input type="hidden" name="nonce" value="0a1b2c"><input type="text" name="email" id="unlock-email"><input type="submit" class="wf-btn wf-btn-default" id="unlock-submit" value="Enviar" disabled></form>
<script type="application/javascript">(function(){document.getElementById('unlock-email').addEventListener('focus',function(){document.getElementById('unlock-form').action="https://blog.example/"+"?_wfsf=unlockEmail";});})();</script></body></html>`,
  },
  {
    name: 'Wordfence firewall block (403), German',
    vendor: 'wordfence',
    status: 403,
    headers: HTML,
    body: `<!DOCTYPE html><html><head><title>403 Verboten</title></head><body><svg viewBox="0 0 1000 180" class="wf-header-logo"><path d="M0 0h10v10H0z"/></svg><h2>403 Verboten</h2><p>In Ihrer Anfrage wurde ein möglicherweise unsicherer Vorgang erkannt.</p></body></html>`,
  },
  {
    // Cloudflare's WAF block ("Sorry, you have been blocked") as public excerpts quote it without the
    // `#cf-error-details` wrapper (an accessibility report of nfb.org: `<div class="cf-wrapper
    // cf-header cf-error-overview"><h1 data-translate="block_headline">`). Our own page, in Italian.
    name: 'Cloudflare WAF block without its #cf-error-details wrapper, Italian',
    vendor: 'cloudflare',
    status: 403,
    headers: HTML,
    body: `<!DOCTYPE html><html lang="it-IT"><head><title>Attenzione | example.it</title></head><body><div id="cf-wrapper"><div class="cf-wrapper cf-header cf-error-overview">
<h1 data-translate="block_headline">Spiacenti, sei stato bloccato</h1><h2 class="cf-subheadline"><span data-translate="unable_to_access">Non puoi accedere a</span> example.it</h2></div>
<div class="cf-footer-item sm:block sm:mb-1">ID Ray: <strong class="font-semibold">8a1b2c3d4e5f6076</strong></div></div></body></html>`,
  },
  {
    // Imunify360's bot-protection refusal (cPanel / Plesk shared hosting): one fixed machine
    // message as the whole body, JSON or plain text, at 200, 403 or 415 (public reports of API
    // clients and CI runners it blocked quote the body). Our own answers in that shape.
    name: "Imunify360's bot-protection refusal as JSON, at 200 (a WordPress / self-hosted API)",
    vendor: 'imunify360',
    status: 200,
    headers: { 'content-type': 'application/json', server: 'imunify360-webshield/1.21' },
    body: '{"message":"Access denied by Imunify360 bot-protection. IPs used for automation should be whitelisted"}',
  },
  {
    name: "Imunify360's bot-protection refusal as plain text, at 415",
    vendor: 'imunify360',
    status: 415,
    headers: { 'content-type': 'text/plain' },
    body: 'Access denied by Imunify360 bot-protection. IPs used for automation should be whitelisted\n',
  },
  {
    name: "Imunify360's bot-protection refusal as pretty-printed JSON, at 403",
    vendor: 'imunify360',
    status: 403,
    headers: { 'content-type': 'application/json' },
    body: '{\n  "message": "Access denied by Imunify360 bot-protection. IPs used for automation should be whitelisted"\n}\n',
  },
  // Session 39: vendors' shapes the catalogue did not recognise (vendor-pages-more.ts).
  ...MORE_VENDOR_PAGES,
];

/** Ordinary pages and answers that are data (or a plain error), never a vendor's block. */
export const NOT_VENDOR_PAGES: readonly { name: string; body: string; headers?: Record<string, string> }[] = [
  {
    name: "a real page carrying Cloudflare's passive jsd script",
    body: `<!DOCTYPE html><html><head><title>Maya's links</title><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"username":"maya"}}}</script></head>
<body><main><h1>Maya</h1><a href="https://example.org">My shop</a></main>
<script>(function(){window.__CF$cv$params={r:'8a1b2c3d4e5f6075',t:'MTcxODAwMDAwMA=='};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.getElementsByTagName('head')[0].appendChild(a);})();</script></body></html>`,
  },
  {
    name: "a real page carrying Bot Management's 2021 script and its params",
    body: `<!DOCTYPE html><html><head><title>Tides</title><script async src='/cdn-cgi/bm/cv/669835187/api.js'></script></head>
<body><main><h1>Tide tables</h1><p>High water at 06:12.</p></main>
<script>(function(){window['__CF$cv$params']={r:'6a1b2c3d4e5f6079',m:'abc-1611000000-1800-Zz==',s:[0x1,0x2],}})();</script></body></html>`,
  },
  {
    name: 'an app shell with its own script beside the jsd script',
    body: `<!DOCTYPE html><html><head><script src="/assets/index-3f9a.js" type="module"></script></head><body><div id="root"></div>
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>`,
  },
  {
    name: 'a page protected by PerimeterX, DataDome and Imperva sensors that loaded fine',
    body: `<!DOCTYPE html><html><head><title>Shop</title><script>window._pxAppId='PXab12CD34';</script><script src="//client.perimeterx.net/PXab12CD34/main.min.js"></script>
<script src="https://js.datadome.co/tags.js" async></script><script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script></head><body><h1>Products</h1><p>Welcome.</p></body></html>`,
  },
  {
    name: "an app page with content beside Incapsula's challenge script",
    body: `<!DOCTYPE html><html><head><title>Sign in</title><script src="/_Incapsula_Resource?SWJIYLWA=5074a744e2e3d891814e9a2dace20bd4"></script><script src="/assets/app.js"></script></head>
<body><main><h1>Sign in</h1><form action="/login"><input name="user"></form></main></body></html>`,
  },
  {
    name: 'a page quoting challenge markup as text (a tutorial)',
    body: `<!DOCTYPE html><html><head><title>How Cloudflare challenges work</title></head><body><pre>&lt;form id="challenge-form" action="/cdn-cgi/l/chk_jschl"&gt;
&lt;input type="hidden" name="jschl_vc" value="…"/&gt; window._cf_chl_opt = {…}; geo.captcha-delivery.com</pre><p>Just a moment... Attention Required! | Cloudflare</p></body></html>`,
  },
  { name: "Cloudflare's error 1016 (origin DNS error), 2021 template: a failure, not a block", body: cloudflare10xx2021(1016) },
  { name: "Cloudflare's 1016 box in a site's own error page: a failure, not a block", body: cloudflareBoxInSitePage(1016) },
  {
    name: "Akamai's edge timeout and invalid-URL pages (references #2 and #9): failures, not blocks",
    body: `<HTML><HEAD><TITLE>Request Timeout</TITLE></HEAD><BODY><H1>Request Timeout</H1>
The server timed out while waiting for the browser's request.<P>
Reference&#32;&#35;2&#46;85f6d517&#46;1750000000&#46;1a2b3c4d
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;2&#46;85f6d517&#46;1750000000&#46;1a2b3c4d</P></BODY></HTML>`,
  },
  {
    name: "Cloudflare's 522 error page (the origin is down: a failure, not a block)",
    body: `<!DOCTYPE html><html><head><title>example.com | 522: Connection timed out</title></head><body><div id="cf-wrapper"><div id="cf-error-details" class="p-0">
<header><h1><span class="inline-block">Connection timed out</span><span class="code-label">Error code 522</span></h1></header></div></div></body></html>`,
  },
  {
    name: 'API JSON that mentions a vendor',
    body: '{"name":"cloudscraper","description":"bypasses window._cf_chl_opt and geo.captcha-delivery.com pages"}',
    headers: { 'content-type': 'application/json' },
  },
  {
    name: 'a page protected by Kasada whose p.js loaded fine (no ips.js)',
    body: `<!DOCTYPE html><html><head><title>Tickets</title><script src="/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809/p.js" async></script></head><body><main><h1>Upcoming shows</h1><p>Maya live, 12 May.</p></main></body></html>`,
  },
  {
    name: 'a page served through DDoS-Guard (its server header) with content',
    body: `<!DOCTYPE html><html><head><title>Новости</title></head><body><main><h1>Новости</h1><p>Как работает /.well-known/ddos-guard/js-challenge/ — обзор.</p></main></body></html>`,
    headers: { 'content-type': 'text/html', server: 'ddos-guard' },
  },
  {
    name: "a page carrying Radware's aperture sensor that loaded fine",
    body: `<!DOCTYPE html><html><head><title>Listings</title><script>window.SSJSInternal = 1;(function(w){w["SSJSConnectorObj"] = {ss_cid: "a1b2"};})(window);</script><script async src="https://cdn.perfdrive.com/aperture/aperture.js"></script></head><body><main><h1>Apartments</h1><ul><li>3 rooms</li></ul></main></body></html>`,
  },
  {
    name: 'a tutorial quoting the acw_sc__v2, Reblaze and TSPD challenges as text',
    body: `<!DOCTYPE html><html><head><title>WAF challenges explained</title></head><body><pre>&lt;html&gt;&lt;script&gt;var arg1='0A1B2C3D4E5F60718293A4B5C6D7E8F901234567'; setCookie("acw_sc__v2", x)
window.rbzns={bereshit:"1"}; window["bobcmn"] = "…"; /TSPD/08ab?type=7; window.KPSDK={}; ips.js?x-kpsdk-im=</pre><p>How they work.</p></body></html>`,
  },
  {
    name: 'a page of a site behind F5 carrying its injected /TSPD/ script beside content',
    body: `<!DOCTYPE html><html><head><title>Statistics</title><script type="text/javascript" src="/TSPD/08a1b2c3d4ab2000f0e1d2c3b4a5968778695a4b3c2d1e0f?type=9"></script></head><body><main><h1>Population</h1><table><tr><td>11.8 M</td></tr></table></main></body></html>`,
  },
  {
    name: "a page reading Reblaze's rbzns without its challenge seed",
    body: `<!DOCTYPE html><html><head><title>Flights</title><script>if(window.rbzns){console.log(rbzns.version)}</script></head><body><main><h1>Departures</h1></main></body></html>`,
  },
  {
    name: "a page using AWS WAF's JavaScript integration (challenge.js, no gokuProps)",
    body: `<!DOCTYPE html><html><head><title>Store</title><script type="text/javascript" src="https://0a1b2c3d4e5f.6a7b8c9d.eu-west-1.sdk.awswaf.com/0a1b2c3d4e5f/6a7b8c9d/challenge.js" defer></script></head><body><main><h1>Catalogue</h1><p>Spring collection.</p></main></body></html>`,
  },
  {
    name: 'a page whose text documents the Anubis and Vercel challenge paths',
    body: `<!DOCTYPE html><html><head><title>Bot walls</title></head><body><article><h1>Bot walls</h1><p>Anubis serves /.within.website/x/cmd/anubis/static/js/main.mjs and a script id="anubis_challenge"; Vercel posts to /.well-known/vercel/security/request-challenge.</p></article></body></html>`,
  },
  {
    name: "an API answer whose first post quotes HUMAN's blocking JSON in a string",
    body: '{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"title":"Blocked again","selftext":"got {\\"appId\\":\\"PXab12CD34\\",\\"blockScript\\":\\"/ab12CD34/captcha/captcha.js\\"} from the API"}}]}}',
    headers: { 'content-type': 'application/json' },
  },
  {
    name: 'a page DataDome protects that loaded fine (x-datadome: protected, no x-dd-b)',
    body: '<!DOCTYPE html><html><head><title>Annonces</title><script src="https://js.datadome.co/tags.js" async></script></head><body><main><h1>Annonces</h1></main></body></html>',
    headers: { 'content-type': 'text/html', 'x-datadome': 'protected', 'x-datadome-cid': 'AHrlqAAAAAMA' },
  },
  {
    name: "Cloudflare's 1016 (origin DNS error) as plain text: a failure, not a block",
    body: 'error code: 1016',
    headers: { 'content-type': 'text/plain' },
  },
  {
    name: 'a text answer that mentions a Cloudflare code inside other text',
    body: 'Our status page: some users saw error code: 1020 yesterday; it is fixed.',
    headers: { 'content-type': 'text/plain' },
  },
  {
    name: 'a blog post about Wordfence linking to its lock-out help',
    body: `<!DOCTYPE html><html><head><title>Locked out of WordPress?</title></head><body><article><h1>Locked out?</h1><p>See <a href="https://www.wordfence.com/help/?query=locked-out">Wordfence's help</a>; the page shows class="wf-header-logo" and an unlock form.</p></article></body></html>`,
  },
  {
    name: 'API JSON whose message quotes the Imunify360 refusal beside other members (a status feed)',
    body: '{"message":"Access denied by Imunify360 bot-protection. IPs used for automation should be whitelisted","resolved":true,"id":7}',
    headers: { 'content-type': 'application/json' },
  },
  {
    name: 'a text answer that quotes the Imunify360 refusal after other text (a changelog)',
    body: 'Changelog: our CI saw "Access denied by Imunify360 bot-protection" last week; the runner IP is now allowed.',
    headers: { 'content-type': 'text/plain' },
  },
  {
    name: 'a page served through Imunify360 WebShield (its server header) with content',
    body: `<!DOCTYPE html><html><head><title>Studio notes</title></head><body><article><h1>Imunify360 and my blog</h1><p>Access denied by Imunify360 bot-protection is what my uptime monitor saw.</p></article></body></html>`,
    headers: { 'content-type': 'text/html', server: 'imunify360-webshield/1.21' },
  },
  {
    name: 'a translation file that lists Cloudflare template keys as text',
    body: `<!DOCTYPE html><html><head><title>i18n keys</title></head><body><ul><li>data-translate="block_headline"</li><li>cf-wrapper</li></ul></body></html>`,
  },
  // Session 39: more of them (vendor-pages-more.ts).
  ...MORE_NOT_VENDOR_PAGES,
];
