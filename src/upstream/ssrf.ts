/**
 * SSRF guard. The gateway fetches URLs users hand it, so before any byte is sent (and again on
 * every redirect, and at connect time through the agent's lookup) the destination must be a
 * public unicast address reached over http(s), on a port no other protocol's servers listen on
 * (the Fetch standard's bad ports: SMTP's 25, IRC's 6667…).
 *
 * Refused: loopback, private (RFC 1918), carrier-grade NAT, link-local (incl. the cloud metadata
 * address 169.254.169.254), unique-local, multicast, broadcast, unspecified, reserved and every
 * other special-purpose block ipaddr.js knows (benchmarking, documentation, 6to4/Teredo
 * tunnels…), for IPv4 and IPv6 alike; IPv4-mapped IPv6 (::ffff:10.0.0.1) and NAT64
 * (64:ff9b::a00:1) are judged as the IPv4 address they carry; IPv6 outside global unicast
 * 2000::/3 (e.g. IPv4-compatible ::7f00:1) is refused. So is every address of this machine's own
 * network interfaces (a VPS's public address on its eth0).
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';
import ipaddr from 'ipaddr.js';
import { attached } from '../attached.js';
import { invalidParam, upstreamFailed } from '../errors.js';
import type { ApiError } from '../errors.js';

export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolveP, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addrs: LookupAddress[]) => {
      if (err) reject(err);
      else resolveP(addrs.map((a) => a.address));
    });
  });

export class SsrfError extends Error {
  constructor(
    message: string,
    readonly url: string,
    /** The name whose addresses were refused (assertFetchable); undefined for a static refusal. */
    readonly resolvedHost?: string,
  ) {
    super(message);
    this.name = 'SsrfError';
  }
}

/**
 * The one answer, to whoever named the URL, about a name that resolves to no public address: it
 * does not resolve (ENOTFOUND, no address), or it resolves to an address refused (private,
 * loopback, this machine's…). Told apart, the two let a key holder probe which internal names
 * exist (`db.internal` resolving to 10.x versus a name that does not): the reason is the
 * operator's (SsrfError's and DnsError's messages, the logs), not the client's.
 */
export const notPublicName = (host: string): string => `host ${host} does not resolve to a public address`;

const unfitName = attached<string>('ssrfUnfitName');

/** Marks `err` as answering a name with no public address (notPublicName), whichever the reason. */
export function asUnfitName<E extends Error>(err: E, host: string): E {
  unfitName.set(err, notPublicName(host));
  return err;
}

/** notPublicName of the host when `err` answers a name with no public address; undefined otherwise. */
export function unfitNameOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? unfitName.get(err) : undefined;
}

/** A DNS answer that the name has no address (not a resolver's trouble, which may pass). */
export const noSuchName = (e: DnsError): boolean => e.dnsCode === 'ENOTFOUND' || e.dnsCode === 'NODATA';

/**
 * A name that has no address: a DNS failure (a typo, an unregistered domain, or no network),
 * never worded as a refusal, because nothing was refused.
 */
export class DnsError extends Error {
  constructor(
    readonly host: string,
    /** The resolver's code (ENOTFOUND, EAI_AGAIN…), or NODATA for an empty answer. */
    readonly dnsCode: string,
    readonly url: string,
  ) {
    super(`could not resolve host ${host} (DNS ${dnsCode})`);
    this.name = 'DnsError';
  }
}

const refusal = attached<string>('ssrfRefusal');

/**
 * Marks the error a request answers with as the guard's refusal (before anything was sent, or at
 * connect time), with the guard's reason: a caller that must not retry a refused destination (a
 * webhook's delivery) tells it from a failure that may pass (`ssrfRefusalOf`).
 */
export function asSsrfRefusal<E extends Error>(err: E, reason: string): E {
  refusal.set(err, reason);
  return err;
}

/** The guard's reason when `err` is its refusal of the destination; undefined for any other failure. */
export function ssrfRefusalOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? refusal.get(err) : undefined;
}

export const OFFLINE_HINT = 'this machine seems to be offline (no upstream host has resolved since start); `npm run demo` serves demo data';

/**
 * A resolver that remembers whether any name has resolved since start: when none has, a DNS
 * failure most likely means no network at all, and the error says so (and points to the demo).
 */
export interface TrackedResolver {
  resolver: Resolver;
  anyResolved(): boolean;
}

export function trackResolutions(resolver: Resolver): TrackedResolver {
  let resolved = false;
  return {
    resolver: async (hostname) => {
      const addresses = await resolver(hostname);
      if (addresses.length > 0) resolved = true;
      return addresses;
    },
    anyResolved: () => resolved,
  };
}

/**
 * The ApiError for a DNS failure. A user's own URL whose name does not resolve while other
 * names do is their input (INVALID_INPUT naming the parameter, worded as a name that resolves to
 * a refused address is: notPublicName); offline it is not, and a name we built or a redirect's
 * target is the upstream's trouble (UPSTREAM_FAILED).
 */
export function dnsFailure(e: DnsError, ctx: { platform: string; userParam?: string; redirected: boolean; online: boolean }): ApiError {
  const hint = ctx.online ? '' : `; ${OFFLINE_HINT}`;
  if (ctx.redirected)
    return upstreamFailed(`${ctx.platform}: upstream redirected to host ${e.host}, which could not be resolved (DNS ${e.dnsCode})${hint}`);
  if (ctx.userParam && ctx.online) return invalidParam(ctx.userParam, `URL refused: ${notPublicName(e.host)}`);
  return upstreamFailed(`${ctx.platform}: ${e.message}${hint}`);
}

/** What `os.networkInterfaces()` answers: the machine's network interfaces and their addresses. */
export type Interfaces = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Whether a (parsed) address is one of this machine's own (see ownAddressCheck). */
export type OwnAddress = (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean;

/**
 * Whether an address is one of this machine's network interfaces' (`interfaces`: the machine's
 * own by default; tests name others), read again at most once a second (interfaces change: DHCP,
 * a container network coming up). A VPS often has its public address on its own interface: a
 * connection to it from here is delivered locally, to every service bound to all interfaces, past
 * a host firewall that lets loopback traffic through — so such an address is refused like
 * loopback, although it is public unicast.
 */
export function ownAddressCheck(interfaces: Interfaces = networkInterfaces): OwnAddress {
  let readAt = -Infinity;
  let own = new Set<string>();
  return (address) => {
    const now = Date.now();
    if (now - readAt >= 1_000) {
      own = new Set(
        Object.values(interfaces())
          .flatMap((nics) => nics ?? [])
          .filter((nic) => ipaddr.isValid(nic.address))
          // One spelling per address (IPv6 written out in full; IPv4-mapped as its IPv4 form).
          .map((nic) => ipaddr.process(nic.address).toNormalizedString()),
      );
      readAt = now;
    }
    return own.has(address.toNormalizedString());
  };
}

const thisMachine = ownAddressCheck();

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Why an IP address may not be contacted, or null when it is public unicast and not this
 * machine's own (`isOwn`: this machine's interfaces unless told otherwise).
 */
export function refusedAddressReason(address: string, isOwn: OwnAddress = thisMachine): string | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'not an IP address';
  }
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      addr = v6.toIPv4Address();
    } else if (v6.match(NAT64_WELL_KNOWN)) {
      // 64:ff9b::/96 (RFC 6052) reaches the IPv4 address in its last 32 bits through a NAT64
      // gateway: judge that address, so 64:ff9b::a00:1 (10.0.0.1) is refused like 10.0.0.1.
      const inner = refusedAddressReason(new ipaddr.IPv4(v6.toByteArray().slice(12)).toString(), isOwn);
      return inner ? `NAT64 address carrying an ${inner}` : null;
    } else if (!v6.match(GLOBAL_UNICAST_V6)) {
      // ipaddr.js calls everything it has no name for "unicast", including IPv4-compatible
      // ::a.b.c.d (::/96, deprecated: ::7f00:1 is ::127.0.0.1) and unassigned space. Only
      // 2000::/3 is global unicast (RFC 4291).
      const range = v6.range();
      return `ipv6 ${range === 'unicast' ? 'non-global' : range} address`;
    }
  }
  const range = addr.range();
  if (range !== 'unicast') return `${addr.kind()} ${range} address`;
  return isOwn(addr) ? `${addr.kind()} address of this machine` : null;
}

/**
 * Whether a host is an IP literal, as ipaddr.js judges it. Every address ipaddr.js accepts has
 * a `:` (IPv6) or only hex digits, `x` and dots (IPv4 in any notation), so other names skip its
 * parser — which throws and catches internally, ~20 µs a name, on every request's path.
 */
function isIpLiteral(host: string): boolean {
  return (host.includes(':') || /^[0-9a-fx.]+$/i.test(host)) && ipaddr.isValid(host);
}

const BLOCKED_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.(localhost|local|internal|home\.arpa)$/i;

/**
 * The Fetch standard's "bad ports" (fetch.spec.whatwg.org, "block bad port"): those of other
 * protocols (SMTP, IMAP, IRC, SIP, NFS, X11…) whose servers may read the lines of an HTTP request
 * as their own commands. Browsers refuse to send a request to them; so does the gateway, on every
 * URL it fetches: a webhook or a caller-named server, the hops of a redirect.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Checks that need no DNS: scheme, credentials, port, IP literals and local names. Returns the reason
 * a URL is refused, or null.
 */
export function staticUrlRefusal(url: URL, isOwn: OwnAddress = thisMachine): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not allowed`;
  if (url.username || url.password) return 'credentials in URLs are not allowed';
  // WHATWG URL leaves the port empty when it is the scheme's default (80, 443).
  if (BAD_PORTS.has(Number(url.port))) return `port ${url.port} is not allowed (another protocol's)`;
  // Port 0 (also spelt `:00`, which WHATWG URL writes `:0`) is no port a server listens on: a
  // connection to it fails at once, and a webhook naming it was retried at every attempt.
  if (url.port === '0') return 'port 0 is not allowed (no server listens on it)';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'missing host';
  if (isIpLiteral(host)) {
    const reason = refusedAddressReason(host, isOwn);
    return reason ? `host is a ${reason}` : null;
  }
  // Numeric shorthands such as http://2130706433/ or http://0x7f.1/ are IPv4 to a resolver (WHATWG
  // URL already writes them as one): a host all of whose labels are numbers. A name that merely
  // starts with `0x` (0xc0ffee.substack.com) is a name.
  if (host.split('.').every((label) => /^(\d*|0x[0-9a-f]*)$/i.test(label))) return 'numeric host names are not allowed';
  // Trailing dots (`localhost.`, `localhost..`: WHATWG URL keeps them all) name the same host.
  if (BLOCKED_NAMES.test(host.replace(/\.+$/, ''))) return `host ${host} is local`;
  // `hooks..example`, `.hooks.example`, `hooks.example..`: a DNS name has no empty label (one
  // trailing dot, the root's, is allowed). WHATWG URL keeps them; only resolver errors follow.
  if (host.replace(/\.$/, '').split('.').includes('')) return `host ${host} has an empty label`;
  return null;
}

export interface GuardOptions {
  resolver: Resolver;
  /** In replay mode no DNS is resolved for upstream hosts (DECISIONS.md), unless a resolver was injected. */
  resolveNames: boolean;
  /** This machine's own addresses (ownAddressCheck), unless told otherwise. */
  isOwn?: OwnAddress;
}

/**
 * The checks that need no DNS, synchronously: throws SsrfError for a refused URL; returns
 * whether its name must still be resolved and judged (assertFetchable). In replay mode never.
 */
export function needsResolution(url: URL, opts: Pick<GuardOptions, 'resolveNames' | 'isOwn'>): boolean {
  const reason = staticUrlRefusal(url, opts.isOwn);
  if (reason) throw new SsrfError(reason, url.href);
  return opts.resolveNames && !isIpLiteral(url.hostname.replace(/^\[|\]$/g, ''));
}

/** Throws SsrfError when the URL may not be fetched, DnsError when its name has no address. */
export async function assertFetchable(url: URL, opts: GuardOptions): Promise<void> {
  if (!needsResolution(url, opts)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await opts.resolver(host);
  } catch (e) {
    throw new DnsError(host, (e as { code?: string } | null)?.code || 'error', url.href);
  }
  if (addresses.length === 0) throw new DnsError(host, 'NODATA', url.href);
  for (const a of addresses) {
    const why = refusedAddressReason(a, opts.isOwn);
    if (why) throw new SsrfError(`host ${host} resolves to a ${why}`, url.href, host);
  }
}

/**
 * A `lookup` for net/tls connect options that refuses non-public addresses at connect time, so
 * a name that re-resolves differently between check and connect (DNS rebinding) still cannot
 * reach an internal address.
 */
export function guardedLookup(resolver: Resolver, isOwn: OwnAddress = thisMachine) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string } | number | undefined,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolver(hostname).then(
      (addresses) => {
        // Every address the name has is judged, not only the family asked for: a name with any
        // internal address is refused as a whole (as assertFetchable does).
        const bad = addresses.map((a) => refusedAddressReason(a, isOwn)).find((r) => r);
        if (addresses.length === 0 || bad) {
          const err: NodeJS.ErrnoException = new Error(`SSRF guard: ${hostname} ${bad ? `resolves to a ${bad}` : 'does not resolve'}`);
          err.code = 'ESSRF';
          callback(err, '', 4);
          return;
        }
        const opts = typeof options === 'object' && options !== null ? options : { family: options };
        const wanted = opts.family === 4 || opts.family === 'IPv4' ? 4 : opts.family === 6 || opts.family === 'IPv6' ? 6 : 0;
        const list = addresses
          .map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
          .filter((a) => wanted === 0 || a.family === wanted);
        if (list.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`SSRF guard: ${hostname} has no IPv${wanted} address`);
          err.code = 'ENOTFOUND';
          callback(err, '', wanted || 4);
          return;
        }
        if (opts.all) callback(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err) => callback(err, '', 4),
    );
  };
}
