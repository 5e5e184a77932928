/**
 * The one module every upstream request goes through: undici's request() on one Agent.
 *
 * - a connection pool per upstream origin (undici's), connect / headers / body timeouts and an
 *   overall deadline per request;
 * - a maximum body size, enforced while streaming (a lying or absent content-length cannot
 *   make us buffer more);
 * - at most 5 redirects, each re-checked by the SSRF guard (or none followed, per request);
 * - bounded retries with exponential backoff and full jitter for 429 / 5xx / resets / truncated
 *   bodies on idempotent requests, honouring a short Retry-After;
 * - for a request that retries nothing else (`retries: 0`), one repeat of a GET answered a bare
 *   500/502/503 on asking (`retryBare5xx`);
 * - per upstream origin at most UPSTREAM_PER_HOST_CONCURRENCY connections, one request on each at
 *   a time (the pool's `connections`; a request beyond waits in its queue, and leaves it promptly
 *   when cancelled); through a rotating proxy list, that limit holds per proxy;
 * - per upstream host: an optional request rate, and a cool-down after a
 *   429 (or a 503 with Retry-After) that honours Retry-After for later requests to that host,
 *   never waiting past a request's deadline (politeness.ts);
 * - HTTP(S)_PROXY / NO_PROXY and a rotating UPSTREAM_PROXIES list, except in replay mode (proxy.ts);
 * - a descriptive User-Agent;
 * - every response body is consumed or cancelled, on every path (undici best practice);
 * - the replay contract: with UPSTREAM_REPLAY_URL set, `https://HOST[:PORT]/PATH?Q` is sent to
 *   `<replay>/HOST[:PORT]/PATH?Q` with `x-upstream-url: <original>`.
 *
 * - the block catalogue (blocks/catalogue.ts) on every answer, whatever its status, before any
 *   retry: an anti-bot vendor's challenge or the platform's own wall is thrown as
 *   UPSTREAM_BLOCKED, so no platform parser ever reads one and a challenge served as a 503 is
 *   not retried as a server error.
 *
 * Other non-2xx statuses are returned, not thrown: what a 404 means is the platform's call
 * (see `expectOk`). Transport failures are thrown as ApiError.
 */
import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent, Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { ApiError, invalidParam, notFound, upstreamBlocked, upstreamFailed, upstreamTimeout } from '../errors.js';
import type { UpstreamConfig } from '../config.js';
import { parseUpstreamJson } from '../parse/json.js';
import { blockedError, detectBlock, vendorHost } from './blocks/catalogue.js';
import type { WallRule } from './blocks/catalogue.js';
import { createHostGate } from './politeness.js';
import type { HostGate } from './politeness.js';
import { createProxyDispatchers, createProxySelector } from './proxy.js';
import type { ProxyDispatchers, ProxySelector } from './proxy.js';
import {
  asSsrfRefusal,
  asUnfitName,
  assertFetchable,
  DnsError,
  dnsFailure,
  guardedLookup,
  needsResolution,
  noSuchName,
  notPublicName,
  ownAddressCheck,
  SsrfError,
  systemResolver,
  trackResolutions,
} from './ssrf.js';
import type { Interfaces, OwnAddress, Resolver, TrackedResolver } from './ssrf.js';
import { sleep, withDeadline } from './signals.js';

export interface UpstreamRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Platform label, for errors, limits and metrics. */
  platform: string;
  /**
   * When the URL came from a user parameter, its name: a URL the SSRF guard refuses before
   * anything is sent is then the caller's fault (400 naming that parameter), not the upstream's.
   *
   * Its host is then the caller's choice (a Mastodon server, a publication's custom domain),
   * unless `platformDomains` vouches for it; towards a caller-named host (callerNamed):
   * - a redirect is followed only on the same site (sameSite: the same host name, its `www.`
   *   twin, http → https); one to any other host is UPSTREAM_FAILED and nothing is sent there —
   *   else anyone could steer the gateway, free, onto other platforms' hosts and spend its shared
   *   per-IP quotas there;
   * - a 429 / 503 Retry-After it answers cools the host down for caller-named requests only, never
   *   for the requests a platform builds itself (politeness.ts `callerNamed`).
   */
  userParam?: string;
  /**
   * true: the URL is the caller's own choice although no lookup parameter names it (a webhook's
   * delivery). Its host is caller-named as `userParam`'s is: a 429 / 503 Retry-After it answers
   * cools it down for caller-named requests only, and a platform's own host is refused (nothing
   * sent; `ssrfRefusalOf` gives the reason). Before, a delivery was a request the gateway built
   * itself: a key's webhook to https://api.github.com/… answered 429 Retry-After cooled the code
   * platform down for every key for up to UPSTREAM_COOLDOWN_MAX_MS, and each delivery attempt
   * spent the gateway's per-address quota there.
   */
  callerChosen?: boolean;
  /**
   * With `userParam`: domains whose hosts are the platform's own although the caller picked the
   * URL (`substack.com` for `<name>.substack.com`, `link.me` for a Linkme page). A redirect from
   * such a host is the platform's own word and may lead to another host (Substack sending a
   * publication on to its custom domain); where it lands is caller-named again, unless vouched
   * for too. A host matches a domain equal to it or ending in `.<domain>`.
   */
  platformDomains?: readonly string[];
  maxBodyBytes?: number;
  timeoutMs?: number;
  retries?: number;
  /**
   * While the host cools down (after a 429, or a 503 with Retry-After): 'wait' (default) waits
   * for it within the deadline; 'fail' fails at once with UPSTREAM_BLOCKED, nothing sent, and a
   * retryable answer is returned rather than retried after the cool-down — for optional requests
   * that must not hold their caller (discovery's optional scans).
   */
  cooldown?: 'wait' | 'fail';
  /**
   * true: a GET answered a bare 500, 502 or 503 (no Retry-After: the host did not ask to be left
   * alone) is sent once more, TRANSIENT_RETRY_PAUSE_MS later, whatever `retries` says — for a
   * request that otherwise never retries (`retries: 0`: discovery's optional scans, where a page
   * lost to one passing server error was a lost profile). A host that fails twice has failed; a
   * 504 has already cost the request's own time, and is answered as it is.
   */
  retryBare5xx?: boolean;
  /**
   * false: a redirect is returned as it is (status, `location` header, no body) instead of being
   * followed — for a caller that wants to know where a link leads without fetching the target
   * (a link shortener's answer).
   */
  followRedirects?: boolean;
  /** Caller's cancellation (e.g. a discovery deadline, the client going away). */
  signal?: AbortSignal;
  /**
   * true: the answer's status and headers are all the caller reads (a webhook delivery: any 2xx
   * delivers it), so its body is not waited for: the answer comes back with an empty body as soon
   * as the headers are in, and the body is drained in the background, at most DISCARD_BYTES within
   * DISCARD_MS (a short one keeps its connection), else the exchange is cut.
   */
  discardBody?: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  /** Final original URL after redirects (never the replay URL). */
  url: string;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface Upstream {
  request(req: UpstreamRequest): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

export interface UpstreamOptions {
  config: UpstreamConfig;
  replayUrl?: string | null;
  resolver?: Resolver;
  /** This machine's network interfaces, whose addresses the SSRF guard refuses (tests name others). */
  interfaces?: Interfaces;
  /**
   * Called once per finished upstream exchange (metrics hook); `block` names the catalogue entry
   * (vendor or platform wall) when the answer was a block.
   */
  onExchange?: (e: { platform: string; host: string; outcome: string; ms: number; block?: string }) => void;
  /** Each platform's own walls (login, consent, rate limit), by platform label (registry `walls`). */
  walls?: ReadonlyMap<string, readonly WallRule[]>;
  /**
   * Each platform's own hosts, by label (registry `hosts`, `*.domain` for its subdomains): a
   * caller-named URL (`userParam`) on another platform's host is refused before anything is sent.
   * Else a caller could name api.github.com as a Mastodon server and spend the gateway's per-IP
   * quota there for nothing (the failed read costs no credit).
   */
  platformHosts?: ReadonlyMap<string, readonly string[]>;
}

const NO_WALLS: readonly WallRule[] = [];
const EMPTY = Buffer.alloc(0);
/** What is drained of a body nobody reads (discardBody), and for how long at most. */
const DISCARD_BYTES = 64 * 1024;
const DISCARD_MS = 1_000;

const REDIRECT = new Set([301, 302, 303, 307, 308]);
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
/** Statuses of a passing server fault a second request a moment later usually does not meet (a deploy, a load balancer's hiccup). */
const TRANSIENT_STATUS = new Set([500, 502, 503]);
/** The pause before the one repeat of a bare 5xx (`retryBare5xx`): short beside any request's timeout. */
export const TRANSIENT_RETRY_PAUSE_MS = 150;

/** Whether answer `res` to `req` is one `retryBare5xx` sends `req` once more for. */
export function repeatsBare5xx(req: UpstreamRequest, res: Pick<UpstreamResponse, 'status' | 'headers'>): boolean {
  return (
    req.retryBare5xx === true &&
    (req.method ?? 'GET') === 'GET' &&
    TRANSIENT_STATUS.has(res.status) &&
    res.headers['retry-after'] === undefined
  );
}
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Where a request for `original` is actually sent. */
export function replayTarget(replayUrl: string, original: URL): string {
  const base = replayUrl.replace(/\/+$/, '');
  return `${base}/${original.host}${original.pathname}${original.search}`;
}

function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The body of an answer, collected into one Buffer: refused (and the exchange aborted, so nothing
 * more is read) as soon as a declared content-length or the bytes received exceed `maxBytes`.
 */
async function readCapped(res: Dispatcher.ResponseData, maxBytes: number, platform: string, bodyless: boolean): Promise<Buffer> {
  const tooBig = () => {
    // Aborts the exchange (undici then reports the abort as the body's error: nobody reads it).
    res.body.on('error', () => undefined).destroy();
    return upstreamFailed(`${platform}: upstream response exceeds ${maxBytes} bytes`);
  };
  const declared = Number(res.headers['content-length']);
  if (!bodyless && Number.isFinite(declared) && declared > maxBytes) throw tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooBig();
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** Response headers as one string each (undici gives repeated names as arrays: joined with ', '). */
function joinedHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * An answer as the client returns it: one object per answer (its text decoded once, on first
 * use), with `location` when it is a redirect returned as it is.
 */
class Answer implements UpstreamResponse {
  private decoded: string | undefined = undefined;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly url: string,
    readonly body: Buffer,
    readonly location?: string,
  ) {}

  text(): string {
    return (this.decoded ??= this.body.toString('utf8'));
  }

  /** The body as JSON, its nesting bounded first (parseUpstreamJson): too deep or not JSON, UPSTREAM_FAILED. */
  json<T>(): T {
    const host = () => new URL(this.url).host;
    try {
      return parseUpstreamJson(this.text(), host) as T;
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw upstreamFailed(`upstream returned invalid JSON from ${host()}`);
    }
  }
}

/** What one client's functions share: its settings, its connections and its host gate. */
interface Client {
  cfg: UpstreamConfig;
  opts: UpstreamOptions;
  /** The replay origin, and any path before the original host (replayTarget's base); null when live. */
  replay: { origin: string; prefix: string } | null;
  dns: TrackedResolver;
  /** Whether host names are resolved and checked before sending (see createUpstream). */
  resolveNames: boolean;
  /** Whether an address is this machine's own (the SSRF guard refuses it). */
  isOwn: OwnAddress;
  agent: Agent;
  gate: HostGate | null;
  proxies: ProxySelector;
  proxyAgents: ProxyDispatchers | null;
}

export function createUpstream(opts: UpstreamOptions): Upstream {
  const cfg = opts.config;
  const replayUrl = opts.replayUrl ?? null;
  const dns = trackResolutions(opts.resolver ?? systemResolver);
  // In replay mode DNS is resolved only when a resolver was injected (tests of "a name resolving
  // to a private address"); the replay origin itself is the one address let through.
  const resolveNames = replayUrl ? opts.resolver !== undefined : true;
  const isOwn = ownAddressCheck(opts.interfaces);
  // UPSTREAM_CA_FILE adds to Node's bundled roots (a bare `ca` would replace them); one context,
  // built once, rather than the whole bundle parsed again for every connection.
  const secureContext = cfg.extraCaCerts?.length ? createSecureContext({ ca: [...rootCertificates, ...cfg.extraCaCerts] }) : undefined;
  // Proxies never apply to the replay origin.
  const proxies = createProxySelector(replayUrl ? undefined : cfg.proxy);
  // The replay origin, and any path before the original host (replayTarget's base), parsed once.
  const replay = replayUrl
    ? (() => {
        const base = new URL(replayUrl.replace(/\/+$/, ''));
        return { origin: base.origin, prefix: base.pathname === '/' ? '' : base.pathname };
      })()
    : null;
  // Per upstream origin, at most UPSTREAM_PER_HOST_CONCURRENCY connections, one request each at a
  // time (undici's pool per origin; 0: no limit); requests beyond wait in the pool's queue. In
  // replay mode each original origin still has a pool of its own, connected to the replay origin,
  // so one upstream's queue does not hold up another's there either.
  const connections = cfg.perHostConcurrency > 0 ? cfg.perHostConcurrency : null;
  const agent = new Agent({
    connections,
    connect: replay
      ? { timeout: cfg.connectTimeoutMs, secureContext }
      : { timeout: cfg.connectTimeoutMs, secureContext, lookup: guardedLookup(dns.resolver, isOwn) as never },
    headersTimeout: cfg.headersTimeoutMs,
    bodyTimeout: cfg.bodyTimeoutMs,
    keepAliveTimeout: 4_000,
    ...(replay ? { factory: (_origin: string | URL, o: Pool.Options) => new Pool(replay.origin, o) } : {}),
  });

  const gate = createHostGate({
    rps: cfg.perHostRps ?? 0,
    burst: cfg.perHostBurst ?? Math.max(1, Math.ceil(cfg.perHostRps ?? 0)),
    cooldownMaxMs: cfg.cooldownMaxMs ?? 0,
  });
  const proxyAgents = proxies.active ? createProxyDispatchers({ ...cfg, secureContext, connections }) : null;
  const client: Client = { cfg, opts, replay, dns, resolveNames, isOwn, agent, gate, proxies, proxyAgents };

  return {
    request: (req) => request(client, req),
    close: async () => {
      await Promise.all([agent.close(), proxyAgents?.close()]);
    },
  };
}

async function exchangeOnce(
  c: Client,
  url: URL,
  send: Outgoing,
  req: UpstreamRequest,
  signal: AbortSignal,
  maxBytes: number,
  deadlineAt: number,
): Promise<UpstreamResponse & { location?: string }> {
  const { replay, gate, cfg } = c;
  const headers: Record<string, string> = { ...send.headers };
  // Where it is sent: the upstream itself, or (replay) its pool to the replay origin with the
  // original host as the first path segment (replayTarget) and the original URL in x-upstream-url.
  let path = `${url.pathname}${url.search}`;
  if (replay) {
    path = `${replay.prefix}/${url.host}${path}`;
    headers['x-upstream-url'] = requestedUrl(url);
  }
  // Only a host with a rate limit or a cool-down has a turn to wait for.
  const named = callerNamed(req, url);
  if (gate && !gate.open(url.host, named))
    await gate.pass(url.host, req.platform, deadlineAt, signal, { failWhileCooling: req.cooldown === 'fail', callerNamed: named });
  const proxy = c.proxyAgents ? c.proxies.select(url) : null;
  const dispatcher: Dispatcher = proxy ? c.proxyAgents!.get(proxy)! : c.agent;
  const res = await untilAborted(
    dispatcher.request({ origin: url.origin, path, method: send.method as Dispatcher.HttpMethod, headers, body: send.body, signal }),
    signal,
  );
  const answerHeaders = joinedHeaders(res.headers);
  // `npm run demo`: a request its data does not cover is no answer of the real site's.
  if (replay && cfg.demoCoverage && answerHeaders['x-replay-miss']) {
    await res.body.dump();
    throw upstreamFailed(
      `The demo has no data for ${send.method} ${requestedUrl(url)}: it answers only its own invented data. ${cfg.demoCoverage}`,
    );
  }
  // A caller that decides on the head alone: the body is drained in the background, bounded.
  if (req.discardBody) {
    res.body.dump({ limit: DISCARD_BYTES, signal: AbortSignal.timeout(DISCARD_MS) }).catch(() => undefined);
    const location = REDIRECT.has(res.statusCode) ? answerHeaders.location : undefined;
    return new Answer(res.statusCode, answerHeaders, url.href, EMPTY, location);
  }
  // A redirect (followed by the caller) is answered by its head alone.
  if (REDIRECT.has(res.statusCode) && answerHeaders.location) {
    await res.body.dump();
    return new Answer(res.statusCode, answerHeaders, url.href, EMPTY, answerHeaders.location);
  }
  // A HEAD (or 204/304) answer has no body whatever its content-length says.
  const bodyless = send.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  return new Answer(res.statusCode, answerHeaders, url.href, await readCapped(res, maxBytes, req.platform, bodyless));
}

function classify(err: unknown, req: UpstreamRequest, host: string, signal: AbortSignal): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code ?? '';
  // Aborted, and not by the caller: the deadline.
  if (signal.aborted && !req.signal?.aborted) return upstreamTimeout(`${req.platform}: upstream ${host} did not answer in time`);
  if (req.signal?.aborted) return upstreamTimeout(`${req.platform}: request to ${host} cancelled (deadline)`);
  if (TIMEOUT_CODES.has(code)) return upstreamTimeout(`${req.platform}: upstream ${host} timed out (${code})`);
  if (code === 'ESSRF')
    return asSsrfRefusal(
      upstreamFailed(`${req.platform}: upstream ${host} refused at connect time (${(err as Error).message})`),
      (err as Error).message.replace(/^SSRF guard: /, ''),
    );
  return upstreamFailed(`${req.platform}: upstream ${host} failed (${code || (err as Error).message})`, err);
}

/**
 * The SSRF guard on the URL about to be sent (the user's own, or where a redirect leads): a
 * refusal or a DNS failure thrown as the typed error its origin calls for.
 */
async function assertSendable(c: Client, url: URL, req: UpstreamRequest, redirects: number, signal: AbortSignal): Promise<void> {
  const { resolveNames, isOwn } = c;
  const owner = callerNamed(req, url) ? otherPlatformOf(c.opts.platformHosts, req.platform, url.hostname) : null;
  if (owner) {
    const why = `${url.hostname} is the ${owner} platform's own host`;
    if (redirects === 0 && req.userParam) throw invalidParam(req.userParam, `${why}, not one this route reads: ask the ${owner} routes`);
    if (redirects === 0) throw asSsrfRefusal(upstreamFailed(`${req.platform}: ${why}; nothing was sent there`), why);
    throw upstreamFailed(`${req.platform}: upstream redirected to ${why}; nothing was sent there`);
  }
  try {
    // DNS has no signal of its own: do not let a slow resolver outlive the deadline. (Only
    // a name to resolve costs a turn: the static checks run here, synchronously.)
    if (needsResolution(url, { resolveNames, isOwn }))
      await untilAborted(assertFetchable(url, { resolver: c.dns.resolver, resolveNames, isOwn }), signal);
  } catch (e) {
    if (e instanceof SsrfError) {
      // The user's own URL refused before anything was sent: their input. A redirect that
      // leads somewhere refused: the upstream's doing. A name of the user's that resolves to a
      // refused address is answered as one that does not resolve (notPublicName): the reason is
      // the operator's (the attached refusal, the error's own message where it is logged).
      if (redirects === 0 && req.userParam) {
        const said = e.resolvedHost ? notPublicName(e.resolvedHost) : e.message;
        throw asSsrfRefusal(invalidParam(req.userParam, `URL refused: ${said}`), e.message);
      }
      const err =
        redirects === 0
          ? upstreamFailed(`${req.platform}: upstream address refused (${e.message})`)
          : upstreamFailed(`${req.platform}: upstream redirected to a refused address (${e.message})`);
      if (redirects === 0 && e.resolvedHost) asUnfitName(err, e.resolvedHost);
      throw asSsrfRefusal(err, e.message);
    }
    if (e instanceof DnsError) {
      const err = dnsFailure(e, {
        platform: req.platform,
        userParam: req.userParam,
        redirected: redirects > 0,
        online: c.dns.anyResolved(),
      });
      // A name with no address at all is as final as one whose address is refused (a webhook's is given up the same way).
      throw redirects === 0 && noSuchName(e) ? asUnfitName(err, e.host) : err;
    }
    throw e;
  }
}

async function request(c: Client, req: UpstreamRequest): Promise<UpstreamResponse> {
  const { cfg, gate, opts } = c;
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw req.userParam ? invalidParam(req.userParam, 'not a valid URL') : upstreamFailed(`${req.platform}: invalid upstream URL`);
  }
  const maxBytes = req.maxBodyBytes ?? cfg.maxBodyBytes;
  const retries = (req.method ?? 'GET') === 'POST' ? 0 : (req.retries ?? cfg.retries);
  // The deadline and the caller's cancellation as one signal, undone in `finally`.
  const timeoutMs = req.timeoutMs ?? cfg.totalTimeoutMs;
  const deadlineAt = Date.now() + timeoutMs;
  const { signal, clear } = withDeadline(req.signal, timeoutMs);
  const started = Date.now();
  const send: Outgoing = {
    method: req.method ?? 'GET',
    headers: lowerCaseKeys({ 'user-agent': cfg.userAgent, accept: '*/*', ...req.headers }),
    body: req.body,
  };
  let redirects = 0;
  let attempt = 0;
  let repeated = false;
  let outcome = 'failed';
  let block: string | undefined;
  try {
    for (;;) {
      await assertSendable(c, url, req, redirects, signal);
      let res: UpstreamResponse & { location?: string };
      try {
        res = await exchangeOnce(c, url, send, req, signal, maxBytes, deadlineAt);
      } catch (err) {
        const e = classify(err, req, url.host, signal);
        const code = (err as { code?: string } | null)?.code;
        const transient = !(err instanceof ApiError) && code !== 'ESSRF' && e.code === 'UPSTREAM_FAILED' && !signal.aborted;
        if (transient && attempt < retries) {
          await sleep(backoff(attempt++), signal).catch(() => undefined);
          if (signal.aborted) throw classify(signal.reason, req, url.host, signal);
          continue;
        }
        throw e;
      }
      if (res.location !== undefined) {
        if (req.followRedirects === false) {
          outcome = 'ok';
          return res;
        }
        if (++redirects > cfg.maxRedirects) throw upstreamFailed(`${req.platform}: more than ${cfg.maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(res.location, url);
        } catch {
          throw upstreamFailed(`${req.platform}: upstream sent an invalid redirect`);
        }
        // A redirect to a vendor's challenge host (Radware's validate.perfdrive.com) is that
        // vendor's block: answered at once, nothing is sent there.
        const vendor = vendorHost(next);
        if (vendor) {
          block = vendor.source;
          throw blockedError(req.platform, url.host, res.status, vendor);
        }
        // Checked before the SSRF guard looks at the target: not even its name is resolved.
        if (callerNamed(req, url) && !sameSite(url, next))
          throw upstreamFailed(
            `${req.platform}: ${url.host} redirected to another host (${next.host}); a redirect from a server the caller names is followed only on that server, so nothing was sent there`,
          );
        followRedirect(send, res.status, url, next);
        url = next;
        continue;
      }
      const after = RETRYABLE_STATUS.has(res.status) ? retryAfterMs(res.headers['retry-after']) : null;
      const named = callerNamed(req, url);
      gate?.observe(url.host, res.status, after, named);
      const blocked = detectBlock(res, opts.walls?.get(req.platform) ?? NO_WALLS);
      // A wall that says it is transient (a throttling page at 503) gets the retry its status
      // would; any other block is answered at once.
      const retryWall = blocked?.retry === true && RETRYABLE_STATUS.has(res.status) && attempt < retries;
      if (blocked && !retryWall) {
        block = blocked.source;
        throw blockedError(req.platform, url.host, res.status, blocked);
      }
      if (RETRYABLE_STATUS.has(res.status) && attempt < retries) {
        // A long Retry-After (or host cool-down) is not worth holding the caller for, nor one
        // that would outlast the deadline, nor any cool-down for a caller that may not wait:
        // return the answer instead.
        const cooling = gate ? gate.coolingMs(url.host, named) : 0;
        const wait = Math.max(after ?? backoff(attempt), cooling);
        if ((after === null || after <= 2_000) && Date.now() + wait < deadlineAt && !(cooling > 0 && req.cooldown === 'fail')) {
          await sleep(wait, signal).catch(() => undefined);
          attempt++;
          if (signal.aborted) throw classify(signal.reason, req, url.host, signal);
          continue;
        }
      }
      if (blocked) {
        block = blocked.source;
        throw blockedError(req.platform, url.host, res.status, blocked);
      }
      if (!repeated && repeatsBare5xx(req, res)) {
        repeated = true;
        await sleep(TRANSIENT_RETRY_PAUSE_MS, signal).catch(() => undefined);
        if (signal.aborted) throw classify(signal.reason, req, url.host, signal);
        continue;
      }
      outcome = res.status < 400 ? 'ok' : `http_${res.status}`;
      return res;
    }
  } catch (e) {
    const err = e instanceof ApiError ? e : classify(e, req, url.host, signal);
    outcome = err.code.toLowerCase();
    throw err;
  } finally {
    clear();
    if (opts.onExchange) {
      const e: { platform: string; host: string; outcome: string; ms: number; block?: string } = {
        platform: req.platform,
        host: url.host,
        outcome,
        ms: Date.now() - started,
      };
      if (block) e.block = block;
      opts.onExchange(e);
    }
  }
}

/** Whether `url`'s host is the caller's choice in this request (see UpstreamRequest.userParam). */
function callerNamed(req: UpstreamRequest, url: URL): boolean {
  if (req.callerChosen) return true;
  if (req.userParam === undefined) return false;
  const host = url.hostname;
  return !req.platformDomains?.some((d) => host === d || host.endsWith(`.${d}`));
}

/** The platform other than `platform` whose own host `hostname` is, if any (see UpstreamOptions.platformHosts). */
function otherPlatformOf(hosts: ReadonlyMap<string, readonly string[]> | undefined, platform: string, hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [label, list] of hosts ?? []) {
    if (label !== platform && list.some((d) => (d.startsWith('*.') ? host.endsWith(d.slice(1)) : host === d))) return label;
  }
  return null;
}

const bareHost = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * A redirect that stays on the site a caller named: the same host name, or its `www.` twin (a
 * custom domain's apex sending on to `www.`, or back — the usual setup of a publication's own
 * domain; whoever holds one holds the other), on the same port; the same scheme, or http → https.
 * Never a subdomain or a parent beyond `www.`: `example.com` → `social.example.com` is refused
 * too (a Mastodon server answers its API on its own host).
 */
function sameSite(from: URL, to: URL): boolean {
  if (bareHost(from.hostname) !== bareHost(to.hostname)) return false;
  if (to.protocol === from.protocol) return to.port === from.port;
  return from.protocol === 'http:' && to.protocol === 'https:' && from.port === '' && to.port === '';
}

/** What is sent on the next exchange; redirects may change it. */
interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Headers that must not follow a redirect to another origin (as fetch does). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * Adjusts the outgoing request for a redirect from `from` to `to` (fetch semantics): 303, and
 * 301/302 after a POST, continue as a bodiless GET (HEAD stays HEAD); credentials never go to
 * another origin.
 */
function followRedirect(send: Outgoing, status: number, from: URL, to: URL): void {
  if (
    (status === 303 && send.method !== 'GET' && send.method !== 'HEAD') ||
    ((status === 301 || status === 302) && send.method === 'POST')
  ) {
    send.method = 'GET';
    send.body = undefined;
    for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete send.headers[h];
  }
  if (from.origin !== to.origin) for (const h of CREDENTIAL_HEADERS) delete send.headers[h];
}

function lowerCaseKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in h) out[k.toLowerCase()] = h[k];
  return out;
}

/** The absolute URL as requested: no fragment, no empty `?` (the same form the replay path uses). */
function requestedUrl(url: URL): string {
  return `${url.origin}${url.pathname}${url.search}`;
}

/**
 * Settles like `p`, or rejects with the signal's reason as soon as it aborts (undici's request()
 * rejects a request aborted while it waits in a pool's queue only when its turn comes; it is
 * never sent then).
 */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolveP, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolveP(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Exponential backoff with full jitter: 0..(200ms · 2^attempt), capped at 2 s. */
function backoff(attempt: number): number {
  return Math.random() * Math.min(2_000, 200 * 2 ** attempt);
}

/**
 * An upstream's refusal of us rather than a failure: 401, 403, 429 — and 406, a firewall's block
 * (Fastly's Next-Gen WAF answers every block with 406 unless configured otherwise, its docs "custom
 * agent response codes", and so do the mod_security deny pages of shared hosts, "Not Acceptable!";
 * none of our requests is a negotiation that could fail). UPSTREAM_BLOCKED wherever it is met.
 */
export function isRefusalStatus(status: number): boolean {
  return status === 401 || status === 403 || status === 406 || status === 429;
}

/**
 * Maps a non-2xx status to the typed error a client should see. Platforms call it after
 * handling the statuses that mean something special to them.
 */
export function expectOk(res: UpstreamResponse, platform: string, what: string): UpstreamResponse {
  if (res.status >= 200 && res.status < 300) return res;
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  if (res.status === 429) throw upstreamBlocked(`${platform}: upstream rate limit reached (HTTP 429)`);
  if (isRefusalStatus(res.status)) throw upstreamBlocked(`${platform}: upstream refused the request (HTTP ${res.status})`);
  throw upstreamFailed(`${platform}: upstream answered HTTP ${res.status}`);
}

/**
 * expectOk for a step that is not the record itself — a public token, a query id, a bundle or
 * page scraped for them: its 404 / 410 says the step is gone (the upstream moved it), never that
 * the record asked for does not exist, so it is UPSTREAM_FAILED, not NOT_FOUND.
 */
export function expectStepOk(res: UpstreamResponse, platform: string, what: string): UpstreamResponse {
  if (res.status === 404 || res.status === 410)
    throw upstreamFailed(`${platform}: ${what} answered HTTP ${res.status} (a token or query-id step, not the record)`);
  return expectOk(res, platform, what);
}
