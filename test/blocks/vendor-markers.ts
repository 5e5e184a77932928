/**
 * One fragment per markup or script signature of the block catalogue (src/upstream/blocks/vendors.ts):
 * the element or script as each vendor's generated page writes it — OUR OWN fragments, values made
 * up, built from the signatures' own evidence notes (no capture holds most of them). Each one,
 * standing in a page of its own, is that vendor's block (the catalogue test checks it: a fragment
 * that stopped matching is a signature lost); the same text quoted by a creator — in a bio inside
 * the page's JSON state — is data.
 *
 * Attributes are single-quoted on purpose: JSON escapes a double quote (`\"`), which defeats most
 * signatures by accident; a single quote passes through JSON unchanged, as a bio would carry it.
 */
export interface VendorMarker {
  vendor: string;
  /** What the fragment stands for (the signature it is written for). */
  name: string;
  fragment: string;
}

export const VENDOR_MARKERS: readonly VendorMarker[] = [
  // Cloudflare's challenges.
  { vendor: 'cloudflare', name: 'IUAM challenge form', fragment: "<form id='challenge-form' action='/cdn-cgi/l/chk_jschl' method='get'>" },
  { vendor: 'cloudflare', name: 'jschl field', fragment: "<input type='hidden' name='jschl_vc' value='0a1b2c'/>" },
  {
    vendor: 'cloudflare',
    name: 'challenge form posting to a __cf_chl token',
    fragment: "<form class='x' action='/?__cf_chl_captcha_tk__=abc' method='POST'>",
  },
  { vendor: 'cloudflare', name: 'cf.challenge.js', fragment: "<script src='/cdn-cgi/scripts/cf.challenge.js' data-ray='8a1b'></script>" },
  {
    vendor: 'cloudflare',
    name: 'managed challenge options',
    fragment: "<script>(function(){window._cf_chl_opt={cvId: '3',cType: 'managed',cRay: '8a1b'};}());</script>",
  },
  {
    vendor: 'cloudflare',
    name: 'orchestrator loaded by the options script',
    fragment:
      "<script>var cpo = document.createElement('script');cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8a1b';</script>",
  },
  {
    vendor: 'cloudflare',
    name: 'orchestrator script element',
    fragment: "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1?ray=8a1b' async></script>",
  },
  // Cloudflare's block pages.
  {
    vendor: 'cloudflare',
    name: 'error details with the block headline',
    fragment: "<div id='cf-error-details'><h1 data-translate='block_headline'>x</h1></div>",
  },
  {
    vendor: 'cloudflare',
    name: 'block headline beside the header box',
    fragment: "<div class='cf-wrapper cf-header'><h1 data-translate='block_headline'>x</h1></div>",
  },
  {
    vendor: 'cloudflare',
    name: 'error details with a blocking code',
    fragment: "<div id='cf-error-details'><span class='cf-error-code'>1020</span></div>",
  },
  {
    vendor: 'cloudflare',
    name: '2021 template code span',
    fragment: "<div id='cf-error-details'><h1><span data-translate='error'>Error</span> <span>1015</span></h1></div>",
  },
  { vendor: 'cloudflare', name: 'translated code key', fragment: "<div id='cf-error-details'><p data-translate='error_1020'>x</p></div>" },
  { vendor: 'cloudflare', name: "a site's page around the error box", fragment: "<div class='cf-error-details cf-error-1020'>x</div>" },
  // Akamai.
  {
    vendor: 'akamai',
    name: 'entity-encoded reference',
    fragment: '<p>Reference&#32;&#35;18&#46;6f3c1402&#46;1718000000&#46;2b8d26b6</p>',
  },
  { vendor: 'akamai', name: 'interstitial script', fragment: "<script src='/_sec/cp_challenge/sec-cpt-4-4.js' async defer></script>" },
  { vendor: 'akamai', name: 'captcha container', fragment: "<div id='sec-if-cpt-container' class='sec-if-cpt'></div>" },
  {
    vendor: 'akamai',
    name: 'interstitial verify request',
    fragment: "<script>var xhr = new XMLHttpRequest();xhr.open('POST', '/_sec/verify?provider=interstitial', false);</script>",
  },
  // PerimeterX / HUMAN.
  { vendor: 'perimeterx', name: 'captcha element', fragment: "<div id='px-captcha'></div>" },
  { vendor: 'perimeterx', name: '_pxCaptcha cookie name', fragment: "<script>function h(r){var name = '_pxCaptcha';}</script>" },
  { vendor: 'perimeterx', name: '_pxCaptcha cookie write', fragment: "<script>document.cookie = '_pxCaptcha=' + r;</script>" },
  { vendor: 'perimeterx', name: 'uuid', fragment: "<script>window._pxUuid = '3c0f2a10-2710';</script>" },
  { vendor: 'perimeterx', name: 'captcha source', fragment: "<script>var pxCaptchaSrc = '/ab12/captcha/captcha.js?a=c';</script>" },
  { vendor: 'perimeterx', name: 'description meta', fragment: "<meta name='description' content='px-captcha'>" },
  { vendor: 'perimeterx', name: 'captcha script', fragment: "<script src='https://captcha.px-cdn.net/PXab12/captcha.js?a=c'></script>" },
  // DataDome.
  { vendor: 'datadome', name: 'dd object', fragment: "<script>var dd={'rt':'c','cid':'AHrl','host':'geo.captcha-delivery.com'}</script>" },
  { vendor: 'datadome', name: 'captcha loader', fragment: "<script src='https://ct.captcha-delivery.com/c.js'></script>" },
  // Imperva.
  {
    vendor: 'incapsula',
    name: 'block iframe',
    fragment: "<iframe src='/_Incapsula_Resource?CWUDNSAI=9&incident_id=123' id='main-iframe'></iframe>",
  },
  { vendor: 'incapsula', name: 'reese84 interstitial', fragment: '<script>window.reeseSkipExpirationCheck = true;</script>' },
  {
    vendor: 'incapsula',
    name: 'interstitial head',
    fragment: "<head><noscript><title>x</title></noscript><meta name='robots' content='noindex, nofollow'>",
  },
  // Sucuri.
  { vendor: 'sucuri', name: 'JS challenge', fragment: "<script>var s={},u,sucuri_cloudproxy_js='',S='cz0i';</script>" },
  {
    vendor: 'sucuri',
    name: 'block page',
    fragment: "<title>Sucuri WebSite Firewall - Access Denied</title><a href='https://sucuri.net/'>x</a>",
  },
  // Distil.
  { vendor: 'distil', name: 'captcha form', fragment: "<form id='distilCaptchaForm' method='post'></form>" },
  { vendor: 'distil', name: 'captcha helper', fragment: "<script src='/distil_r_captcha_util.js'></script>" },
  // Fastly.
  { vendor: 'fastly', name: 'challenge script element', fragment: "<script src='/_fs-ch-1T1wmsGa/script.js'></script>" },
  { vendor: 'fastly', name: 'challenge script loader', fragment: "<script>loadScript('/_fs-ch-1T1wmsGa/errors.js');</script>" },
  // Vercel.
  {
    vendor: 'vercel',
    name: 'checkpoint script',
    fragment: "<script src='/.well-known/vercel/security/static/challenge.v2.min.js'></script>",
  },
  {
    vendor: 'vercel',
    name: 'checkpoint request',
    fragment: "<script>fetch('/.well-known/vercel/security/request-challenge', {method: 'POST'});</script>",
  },
  // Kasada.
  { vendor: 'kasada', name: 'ips.js', fragment: "<script src='/0f1e/2d3c/ips.js?KP_UIDz=a&x-kpsdk-im=b'></script>" },
  { vendor: 'kasada', name: 'KPSDK bootstrap', fragment: "<script>window.KPSDK={};</script><script src='/0f1e/2d3c/ips.js?v=1'></script>" },
  // DDoS-Guard, Radware, Reblaze.
  { vendor: 'ddos-guard', name: 'JS challenge', fragment: "<script src='/.well-known/ddos-guard/js-challenge/index.js'></script>" },
  {
    vendor: 'radware',
    name: 'captcha template',
    fragment: "<link rel='stylesheet' href='https://captcha.perfdrive.com/captcha-public/css/captcha.css'>",
  },
  { vendor: 'reblaze', name: 'seed', fragment: "<script>window.rbzns={bereshit:'1',seed:'T3Vy'};</script>" },
  { vendor: 'reblaze', name: 'challenge domain', fragment: "<script>rbzns.challdomain='example.co.il';</script>" },
  // Alibaba Cloud, F5, AWS.
  {
    vendor: 'alibaba-waf',
    name: 'acw_sc__v2',
    fragment: "<script>var arg1='0A1B2C3D4E5F60718293A4B5C6D7E8F901234567';function r(x){setCookie('acw_sc__v2', x);}</script>",
  },
  { vendor: 'alibaba-waf', name: 'aliyunwaf script', fragment: "<script name='aliyunwaf_0a1b'>var a=1;</script>" },
  {
    vendor: 'f5',
    name: 'TSPD stub',
    fragment: "<script>window['bobcmn'] = '1111';</script><script src='/TSPD/08ab?type=7'></script>",
  },
  {
    vendor: 'aws-waf',
    name: 'gokuProps',
    fragment: "<script>window.gokuProps = {'key':'AQ'};</script><script src='https://0a1b.token.awswaf.com/0a1b/challenge.js'></script>",
  },
  // Wordfence, Anubis.
  { vendor: 'wordfence', name: 'logo', fragment: "<svg class='wf-header-logo' viewBox='0 0 1 1'></svg>" },
  {
    vendor: 'wordfence',
    name: 'unlock form',
    fragment: "<script>document.getElementById('f').action = 'https://blog.example/' + '?_wfsf=unlockEmail';</script>",
  },
  { vendor: 'anubis', name: 'challenge data', fragment: "<script id='anubis_challenge' type='application/json'>{}</script>" },
  { vendor: 'anubis', name: 'assets', fragment: "<script type='module' src='/.within.website/x/cmd/anubis/static/js/main.mjs'></script>" },
];
