/**
 * Challenge and block pages of several platforms, and the operations that meet them, shared by
 * the fault suites. The pages are our own, written from what is publicly known of each
 * interstitial (the markers the platform modules look for); no capture is copied.
 */
import type { Route } from '../../src/replay/server.js';

export const HTML = { 'content-type': 'text/html; charset=UTF-8' };

export const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main"><div class="main-content">
<noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript>
</div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "example",cType: 'managed',cRay: '8f00000000000000'};
var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f00000000000000';document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>`;

export const CLOUDFLARE_BLOCK = `<!DOCTYPE html><html lang="en-US"><head><title>Attention Required! | Cloudflare</title></head>
<body><div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper"><div class="cf-wrapper cf-header cf-error-overview">
<h1 data-translate="block_headline">Sorry, you have been blocked</h1><h2 class="cf-subheadline">You are unable to access example.com</h2>
</div><div class="cf-section cf-wrapper"><p>This website is using a security service to protect itself from online attacks.</p></div>
<span>Cloudflare Ray ID: <strong>8f00000000000001</strong></span></div></div></body></html>`;

export const DATADOME_CAPTCHA = `<html><head><title>linktr.ee</title><style>#cmsg{animation: A 1.5s;}</style></head><body style="margin:0">
<p id="cmsg">Please enable JS and disable any ad blocker</p>
<script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMAbCdEfGh','hsh':'0123456789ABCDEF','t':'fe','s':40281,'e':'abc','host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;

export const GOOGLE_SORRY = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"><title>https://www.google.com/search</title></head>
<body style="margin-left: 15px; margin-right: 15px; font-family: Arial"><div style="max-width:400px;">
<form id="captcha-form" action="index" method="post"><script src="https://www.google.com/recaptcha/api.js" async defer></script>
<div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div><input type='hidden' name='q' value='EgQBAgMEGOm'><input type="hidden" name="continue" value="https://www.google.com/search?q=x"></form>
<hr noshade size="1" style="color:#ccc; background-color:#ccc;"><div style="font-size:13px;"><b>About this page</b><br><br>
Our systems have detected unusual traffic from your computer network. This page checks to see if it&#39;s really you sending the requests, and not a robot.</div></div></body></html>`;

export const AMAZON_ROBOT_CHECK = `<!doctype html><html lang="en-us" class="a-no-js"><head><meta charset="utf-8"><title dir="ltr">Amazon.com</title></head>
<body><div class="a-container a-padding-double-large"><div class="a-row a-spacing-double-large">
<h4>Enter the characters you see below</h4><p class="a-last">Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p>
<form method="get" action="/errors/validateCaptcha" name=""><input type=hidden name="amzn" value="abcDEF123=="><input type=hidden name="amzn-r" value="&#047;shop&#047;x">
<div class="a-row a-text-center"><img src="https://images-na.ssl-images-amazon.com/captcha/abcdefgh/Captcha_xyz.jpg"></div>
<h4>Type the characters you see in this image:</h4><input autocomplete="off" type="text" id="captchacharacters" name="field-keywords"></form>
</div></div><p>To discuss automated access to Amazon data please contact api-services-support@amazon.com.</p></body></html>`;

export const AMAZON_DOG_PAGE = `<!DOCTYPE html><html><head><title>Sorry! Something went wrong!</title></head><body><div align="center">
<a href="/ref=cs_503_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
<p><b>Sorry! Something went wrong on our end. Please go back and try again or go to Amazon's home page.</b></p>
<a href="/dogsofamazon/ref=cs_503_d"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/1._TTD_.jpg" alt="Dogs of Amazon"></a></div></body></html>`;

export const GITHUB_SECONDARY_LIMIT = JSON.stringify({
  message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
  documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
  status: '403',
});

/** One operation of one platform, called by resource name over REST and GraphQL. */
export interface Op {
  host: string;
  rest(name: string): string;
  gql(name: string): string;
}

const enc = encodeURIComponent;
export const OPS = {
  linktree: {
    host: 'linktr.ee',
    rest: (n) => `/v1/linkpage-b?url=${enc(`https://linktr.ee/${n}`)}`,
    gql: (n) => `{ linkpageBPage(url: "https://linktr.ee/${n}") { __typename } }`,
  },
  truth: {
    host: 'truthsocial.com',
    rest: (n) => `/v1/microblog-a/profile?handle=${n}`,
    gql: (n) => `{ microblogAProfile(handle: "${n}") { __typename } }`,
  },
  google: {
    host: 'www.google.com',
    rest: (n) => `/v1/websearch/search?query=${n}`,
    gql: (n) => `{ websearchSearch(query: "${n}") { __typename } }`,
  },
  amazon: {
    host: 'www.amazon.com',
    rest: (n) => `/v1/retail-shop/shop?url=${enc(`https://www.amazon.com/shop/${n}`)}`,
    gql: (n) => `{ retailShopStorefront(url: "https://www.amazon.com/shop/${n}") { __typename } }`,
  },
  github: {
    host: 'api.github.com',
    rest: (n) => `/v1/code/repository?url=${enc(`https://github.com/faults/${n}`)}`,
    gql: (n) => `{ codeRepository(url: "https://github.com/faults/${n}") { fullName } }`,
  },
} satisfies Record<string, Op>;

export interface Challenge {
  name: string;
  op: Op;
  routes: Route[];
  /** Upstream requests one client request makes (retries and redirects included). */
  hits: number;
  /** What the error message must say: the page was recognised, not just its status. */
  message: RegExp;
}

export const CHALLENGES: Challenge[] = [
  {
    name: 'linkpage-b: Cloudflare "Just a moment..." managed challenge (403, cf-mitigated)',
    op: OPS.linktree,
    routes: [
      {
        host: 'linktr.ee',
        path: /^\/[^/]+$/,
        response: { status: 403, headers: { ...HTML, 'cf-mitigated': 'challenge' }, body: CLOUDFLARE_CHALLENGE },
      },
    ],
    hits: 1,
    message: /Cloudflare challenge page/,
  },
  {
    name: 'linkpage-b: the same challenge served 503 (a block, not retried as a server error)',
    op: OPS.linktree,
    routes: [{ host: 'linktr.ee', path: /^\/[^/]+$/, response: { status: 503, headers: HTML, body: CLOUDFLARE_CHALLENGE } }],
    hits: 1,
    message: /Cloudflare challenge page instead of data \(HTTP 503\)/,
  },
  {
    name: 'linkpage-b: DataDome captcha (403)',
    op: OPS.linktree,
    routes: [{ host: 'linktr.ee', path: /^\/[^/]+$/, response: { status: 403, headers: HTML, body: DATADOME_CAPTCHA } }],
    hits: 1,
    message: /DataDome captcha page/,
  },
  {
    name: 'linkpage-b: Cloudflare "Attention Required!" block page behind a redirect',
    op: OPS.linktree,
    routes: [
      { host: 'linktr.ee', path: /^\/[^/]+$/, response: (req) => ({ status: 302, headers: { location: `/blocked${req.path}` } }) },
      { host: 'linktr.ee', path: /^\/blocked\//, response: { status: 403, headers: HTML, body: CLOUDFLARE_BLOCK } },
    ],
    hits: 2,
    message: /Cloudflare block page/,
  },
  {
    name: 'microblog-a: Cloudflare challenge with HTTP 200 (cf-mitigated: challenge)',
    op: OPS.truth,
    routes: [
      {
        host: 'truthsocial.com',
        path: '/api/v1/accounts/lookup',
        response: { status: 200, headers: { ...HTML, 'cf-mitigated': 'challenge' }, body: CLOUDFLARE_CHALLENGE },
      },
    ],
    hits: 1,
    message: /Cloudflare challenge/,
  },
  {
    name: 'microblog-a: Cloudflare "Sorry, you have been blocked" (403)',
    op: OPS.truth,
    routes: [
      { host: 'truthsocial.com', path: '/api/v1/accounts/lookup', response: { status: 403, headers: HTML, body: CLOUDFLARE_BLOCK } },
    ],
    hits: 1,
    message: /Cloudflare block page/,
  },
  {
    name: 'websearch: redirected to Google /sorry/index, answered 429 with the reCAPTCHA page',
    op: OPS.google,
    routes: [
      {
        host: 'www.google.com',
        path: '/search',
        response: (req) => ({
          status: 302,
          headers: {
            location: `https://www.google.com/sorry/index?continue=${enc(`https://www.google.com/search?q=${req.query.get('q') ?? ''}`)}&q=EgQBAgMEGOm`,
          },
        }),
      },
      { host: 'www.google.com', path: '/sorry/index', response: { status: 429, headers: HTML, body: GOOGLE_SORRY } },
    ],
    // /search, then /sorry/index once: a wall is not retried as a rate limit would be.
    hits: 2,
    message: /"unusual traffic" page \(\/sorry\/\) instead of data \(HTTP 429\)/,
  },
  {
    name: 'websearch: the /sorry/ reCAPTCHA page served in place with HTTP 200',
    op: OPS.google,
    routes: [{ host: 'www.google.com', path: '/search', response: { status: 200, headers: HTML, body: GOOGLE_SORRY } }],
    hits: 1,
    message: /"unusual traffic" page/,
  },
  {
    name: 'retail-shop: Amazon robot check with HTTP 200',
    op: OPS.amazon,
    routes: [{ host: 'www.amazon.com', path: /^\/shop\/[^/]+$/, response: { status: 200, headers: HTML, body: AMAZON_ROBOT_CHECK } }],
    hits: 1,
    message: /robot check/,
  },
  {
    name: 'retail-shop: redirected to /errors/validateCaptcha',
    op: OPS.amazon,
    routes: [
      {
        host: 'www.amazon.com',
        path: /^\/shop\/[^/]+$/,
        response: (req) => ({ status: 302, headers: { location: `/errors/validateCaptcha?amzn=abc&amzn-r=${enc(req.path)}` } }),
      },
      { host: 'www.amazon.com', path: '/errors/validateCaptcha', response: { status: 200, headers: HTML, body: AMAZON_ROBOT_CHECK } },
    ],
    hits: 2,
    message: /robot check/,
  },
  {
    name: 'retail-shop: Amazon throttling "dog" page, 503 every time (retried once, then blocked)',
    op: OPS.amazon,
    routes: [{ host: 'www.amazon.com', path: /^\/shop\/[^/]+$/, response: { status: 503, headers: HTML, body: AMAZON_DOG_PAGE } }],
    hits: 2,
    message: /Sorry! Something went wrong/,
  },
  {
    name: 'code: GitHub secondary rate limit (403 with Retry-After: 60)',
    op: OPS.github,
    routes: [
      {
        host: 'api.github.com',
        path: /^\/repos\//,
        response: {
          status: 403,
          headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '60' },
          body: GITHUB_SECONDARY_LIMIT,
        },
      },
    ],
    hits: 1,
    message: /GitHub's API rate limit .*instead of data \(HTTP 403\)/,
  },
];
