/**
 * Upstream proxies, as the ecosystem reads them (curl's rules, which Go's httpproxy and undici's
 * EnvHttpProxyAgent share but for details such as NO_PROXY's IP ranges):
 *
 * - `HTTPS_PROXY` for https:// targets, `HTTP_PROXY` for http:// targets (an https:// target
 *   uses `HTTP_PROXY` when no `HTTPS_PROXY` is set); lower-case names win over upper-case ones;
 * - `NO_PROXY`: comma- or space-separated entries; `*` turns proxying off. As curl (>= 7.86) and
 *   Go's httpproxy read them:
 *   - a host name matches itself and its subdomains (`example.com`, `.example.com` and
 *     `*.example.com` alike), optionally with `:port`;
 *   - an IP literal (`203.0.113.7`, `2001:db8::1`, `[2001:db8::1]`, with `:port` as `1.2.3.4:80`
 *     or `[::1]:80`) matches a URL with that same IP literal as its host; an IPv4-mapped IPv6
 *     address (`::ffff:1.2.3.4`) is the same address as its IPv4 form;
 *   - a CIDR range (`10.0.0.0/8`, `fd00::/8`) matches a URL whose host is an IP literal inside it.
 *   IP entries only ever match IP-literal hosts: a host NAME is not resolved to be compared with
 *   them (as curl; `NO_PROXY=10.0.0.0/8` does not exempt a name that resolves into 10/8), and
 *   host-name entries never match an IP-literal host. Entries that are neither (`10.0.0.0/33`,
 *   `foo/8`) are ignored.
 * - `UPSTREAM_PROXIES`: a list of proxies to rotate through; it takes precedence over
 *   HTTP(S)_PROXY (NO_PROXY still applies). Each upstream host has its own round-robin turn,
 *   starting at a different proxy per host, so consecutive requests to one host leave through
 *   different proxies and a retry goes out through the next one.
 *
 * https:// targets are tunnelled (CONNECT); http:// targets are sent to the proxy in absolute
 * form, as curl does (many proxies allow CONNECT only to port 443). Proxy credentials go in
 * the proxy URL (`http://user:pass@proxy:3128`) and are sent as Proxy-Authorization; they are
 * never logged. TLS through the tunnel (and to an https:// proxy) trusts UPSTREAM_CA_FILE too,
 * for a TLS-inspecting proxy that re-signs what it tunnels.
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
import type { SecureContext } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { ProxyAgent } from 'undici';
import type { Dispatcher } from 'undici';
import type { ProxyConfig } from '../config.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

type NoProxyEntry =
  /** Matches the name and its subdomains; port 0: any port. */
  | { hostname: string; port: number }
  /** Matches IP-literal hosts in the range (an IP literal is a /32 or /128); port 0: any port. */
  | { range: [Address, number]; port: number };

export interface NoProxy {
  all: boolean;
  entries: NoProxyEntry[];
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

const unbracket = (s: string) => s.replace(/^\[(.*)\]$/, '$1');

/**
 * An IP literal (no brackets) or null, as curl's inet_pton reads it: IPv4 only dotted-quad (`10.1`
 * is a host name), IPv6 without a zone (a URL host never has one).
 */
function ipLiteral(s: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (s.includes(':') && !s.includes('%') && ipaddr.IPv6.isValid(s)) return ipaddr.IPv6.parse(s);
  return null;
}

/** An IP literal, brackets optional, as one address: IPv4-mapped IPv6 becomes its IPv4 form. */
function parseAddress(s: string): Address | null {
  const addr = ipLiteral(unbracket(s));
  return addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() ? addr.toIPv4Address() : addr;
}

/** `address/bits`, or null when either part is invalid (bits beyond the family's width included). */
function parseCidr(s: string): [Address, number] | null {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(s);
  const base = m && ipLiteral(unbracket(m[1]));
  if (!base) return null;
  const bits = Number(m[2]);
  // Kept in its own family: `::ffff:10.0.0.0/104` stays an IPv6 range (see inRange).
  return bits <= (base.kind() === 'ipv4' ? 32 : 128) ? [base, bits] : null;
}

function inRange(addr: Address, [base, bits]: [Address, number]): boolean {
  if (addr.kind() === base.kind()) return addr.match(base, bits);
  // An IPv4 address is also its IPv4-mapped IPv6 form, so `::ffff:0:0/96` covers all of IPv4.
  return addr instanceof ipaddr.IPv4 && addr.toIPv4MappedAddress().match(base, bits);
}

export function parseNoProxy(value: string): NoProxy {
  const entries: NoProxyEntry[] = [];
  let all = false;
  for (const raw of value.split(/[,\s]/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') {
      all = true;
      continue;
    }
    // A host name never contains '/': an entry with one is a range or nothing.
    if (entry.includes('/')) {
      const range = parseCidr(entry);
      if (range) entries.push({ range, port: 0 });
      continue;
    }
    // A whole-entry IP literal has no port: `fd00::1` is an address, not host `fd00:` on port 1.
    const m = parseAddress(entry) ? null : /^(.+):(\d+)$/.exec(entry);
    const host = m ? m[1] : entry;
    const port = m ? Number(m[2]) : 0;
    const addr = parseAddress(host);
    if (addr) entries.push({ range: [addr, addr.kind() === 'ipv4' ? 32 : 128], port });
    else entries.push({ hostname: host.replace(/^\*?\./, ''), port });
  }
  return { all, entries };
}

/** Whether a request to this URL goes through a proxy at all (NO_PROXY says no). */
export function shouldProxy(url: URL, noProxy: NoProxy): boolean {
  if (noProxy.all) return false;
  const hostname = url.hostname.toLowerCase();
  const addr = parseAddress(hostname);
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const e of noProxy.entries) {
    if (e.port && e.port !== port) continue;
    if ('range' in e) {
      if (addr && inRange(addr, e.range)) return false;
    } else if (!addr && (hostname === e.hostname || hostname.endsWith(`.${e.hostname}`))) {
      return false;
    }
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

export function createProxyDispatchers(opts: {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** The trust store with UPSTREAM_CA_FILE, for the tunnelled TLS and for an https:// proxy. */
  secureContext?: SecureContext;
  /** Connections per target origin through one proxy (null: no limit; see client.ts). */
  connections?: number | null;
}): ProxyDispatchers {
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
          connections: opts.connections ?? null,
          proxyTls: { timeout: opts.connectTimeoutMs, secureContext: opts.secureContext },
          requestTls: { timeout: opts.connectTimeoutMs, secureContext: opts.secureContext },
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
