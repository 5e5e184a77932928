/**
 * Upstream proxies, as the ecosystem reads them (the same rules as undici's EnvHttpProxyAgent,
 * curl and most HTTP clients):
 *
 * - `HTTPS_PROXY` for https:// targets, `HTTP_PROXY` for http:// targets (an https:// target
 *   uses `HTTP_PROXY` when no `HTTPS_PROXY` is set); lower-case names win over upper-case ones;
 * - `NO_PROXY`: comma- or space-separated host names, each matching itself and its subdomains
 *   (`example.com`, `.example.com` and `*.example.com` alike), optionally with `:port`; `*` turns
 *   proxying off. (IP ranges in CIDR form are not supported, as in undici.)
 * - `UPSTREAM_PROXIES`: a list of proxies to rotate through; it takes precedence over
 *   HTTP(S)_PROXY (NO_PROXY still applies). Each upstream host has its own round-robin turn,
 *   starting at a different proxy per host, so consecutive requests to one host leave through
 *   different proxies and a retry goes out through the next one.
 *
 * https:// targets are tunnelled (CONNECT); http:// targets are sent to the proxy in absolute
 * form, as curl does (many proxies allow CONNECT only to port 443). Proxy credentials go in
 * the proxy URL (`http://user:pass@proxy:3128`) and are sent as Proxy-Authorization; they are
 * never logged.
 *
 * Not used in replay mode: UPSTREAM_REPLAY_URL is always reached directly.
 *
 * SSRF: the guard still judges every target URL (and every redirect) before anything is sent,
 * including resolving its name with the gateway's own DNS and refusing internal addresses. The
 * connect-time check (a guarded DNS lookup on the socket) cannot apply to a proxied request —
 * the gateway connects to the proxy, which may well be on a private address, and the proxy
 * resolves the target name itself — so a name that re-resolves between the gateway's check and
 * the proxy's lookup (DNS rebinding) is beyond the gateway's reach: let the proxy refuse private
 * destinations too.
 */
import { ProxyAgent } from 'undici';
import type { Dispatcher } from 'undici';
import type { ProxyConfig } from '../config.js';

interface NoProxyEntry {
  hostname: string;
  port: number;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function parseNoProxy(value: string): { all: boolean; entries: NoProxyEntry[] } {
  const entries: NoProxyEntry[] = [];
  let all = false;
  for (const raw of value.split(/[,\s]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry === '*') {
      all = true;
      continue;
    }
    const m = /^(.+):(\d+)$/.exec(entry);
    entries.push({ hostname: (m ? m[1] : entry).replace(/^\*?\./, '').replace(/^\[|\]$/g, '').toLowerCase(), port: m ? Number(m[2]) : 0 });
  }
  return { all, entries };
}

/** Whether a request to this URL goes through a proxy at all (NO_PROXY says no). */
export function shouldProxy(url: URL, noProxy: { all: boolean; entries: NoProxyEntry[] }): boolean {
  if (noProxy.all) return false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const e of noProxy.entries) {
    if (e.port && e.port !== port) continue;
    if (hostname === e.hostname || hostname.endsWith(`.${e.hostname}`)) return false;
  }
  return true;
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface ProxySelector {
  /** The proxy URL this request goes through, or null for a direct connection. */
  select(url: URL): string | null;
  readonly active: boolean;
}

const MAX_TURNS = 10_000;

export function createProxySelector(cfg: ProxyConfig | undefined): ProxySelector {
  const noProxy = parseNoProxy(cfg?.noProxy ?? '');
  const rotate = cfg?.rotate ?? [];
  const httpProxy = cfg?.httpProxy ?? null;
  const httpsProxy = cfg?.httpsProxy ?? httpProxy;
  const active = rotate.length > 0 || httpProxy !== null || httpsProxy !== null;
  const turns = new Map<string, number>();
  return {
    active,
    select(url) {
      if (!active || !shouldProxy(url, noProxy)) return null;
      if (rotate.length) {
        const host = url.host.toLowerCase();
        let turn = turns.get(host);
        if (turn === undefined) {
          if (turns.size >= MAX_TURNS) turns.clear();
          turn = hashOf(host);
        }
        turns.set(host, turn + 1);
        return rotate[turn % rotate.length];
      }
      return url.protocol === 'https:' ? httpsProxy : httpProxy;
    },
  };
}

export interface ProxyDispatchers {
  /** The dispatcher for a proxy URL (one pool per proxy, made on first use). */
  get(proxy: string): Dispatcher;
  close(): Promise<void>;
}

export function createProxyDispatchers(opts: { connectTimeoutMs: number; headersTimeoutMs: number; bodyTimeoutMs: number }): ProxyDispatchers {
  const agents = new Map<string, ProxyAgent>();
  return {
    get(proxy) {
      let a = agents.get(proxy);
      if (!a) {
        a = new ProxyAgent({
          uri: proxy,
          // http:// targets in absolute form (no CONNECT), https:// targets tunnelled.
          proxyTunnel: false,
          headersTimeout: opts.headersTimeoutMs,
          bodyTimeout: opts.bodyTimeoutMs,
          keepAliveTimeout: 4_000,
          proxyTls: { timeout: opts.connectTimeoutMs },
          requestTls: { timeout: opts.connectTimeoutMs },
        });
        agents.set(proxy, a);
      }
      return a;
    },
    async close() {
      await Promise.all([...agents.values()].map((a) => a.close().catch(() => undefined)));
    },
  };
}
