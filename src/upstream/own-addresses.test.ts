/**
 * This machine's own addresses: a VPS often has its public address on its own interface (eth0),
 * and a connection from the gateway to that address is delivered locally — to every service
 * bound to all interfaces, past a host firewall that lets loopback traffic through. The SSRF
 * guard refuses those addresses like loopback. The interfaces are made up here (one public IPv4
 * and one global IPv6 address, written for this test) beside the machine's real ones.
 */
import { networkInterfaces } from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';
import ipaddr from 'ipaddr.js';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { createUpstream } from './client.js';
import { guardedLookup, ownAddressCheck, refusedAddressReason, ssrfRefusalOf, staticUrlRefusal } from './ssrf.js';

const OWN_V4 = '93.184.216.99';
const OWN_V6 = '2a01:4f8:c0c:1::99';

const nic = (address: string, family: 'IPv4' | 'IPv6'): NetworkInterfaceInfo =>
  ({ address, family, netmask: '', mac: '02:00:00:00:00:01', internal: false, cidr: null }) as NetworkInterfaceInfo;
/** The machine's interfaces and a made-up one holding a public IPv4 and a global IPv6 address. */
const interfaces = () => ({ ...networkInterfaces(), eth9: [nic(OWN_V4, 'IPv4'), nic(OWN_V6, 'IPv6')] });

describe("this machine's own addresses", () => {
  const isOwn = ownAddressCheck(interfaces);

  it.each([OWN_V4, OWN_V6, `::ffff:${OWN_V4}`, '2a01:04f8:0c0c:0001:0000:0000:0000:0099', '64:ff9b::5db8:d863'])(
    'refuses %s',
    (address) => {
      expect(refusedAddressReason(address, isOwn)).toMatch(/address of this machine$/);
    },
  );

  it.each(['93.184.216.98', '93.184.216.34', '2a01:4f8:c0c:1::98'])('allows the public neighbour %s', (address) => {
    expect(refusedAddressReason(address, isOwn)).toBeNull();
  });

  it('an IP literal in a URL, and at connect time a name resolving to one, are refused the same way', async () => {
    expect(staticUrlRefusal(new URL(`http://[${OWN_V6}]:8080/`), isOwn)).toBe('host is a ipv6 address of this machine');
    const lookup = guardedLookup(async () => ['2606:4700::1', OWN_V6], isOwn);
    const err = await new Promise<NodeJS.ErrnoException | null>((r) => lookup('own.example', { all: true }, (e) => r(e)));
    expect(err?.code).toBe('ESSRF');
    expect(err?.message).toBe('SSRF guard: own.example resolves to a ipv6 address of this machine');
  });

  it("by default, the machine's real interfaces are read: each of their addresses is its own", () => {
    const real = Object.values(networkInterfaces()).flatMap((nics) => nics ?? []);
    expect(real.length).toBeGreaterThan(0);
    const machine = ownAddressCheck();
    for (const n of real) expect(machine(ipaddr.process(n.address)), n.address).toBe(true);
    expect(machine(ipaddr.parse(OWN_V4))).toBe(false);
  });

  it('interfaces are read again at most once a second', () => {
    const read = vi.fn(interfaces);
    const check = ownAddressCheck(read);
    for (let i = 0; i < 50; i++) expect(check(ipaddr.parse(OWN_V4))).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe("the upstream client and this machine's own addresses", () => {
  const config = { ...loadConfig({ DATA_DIR: '/nonexistent' } as NodeJS.ProcessEnv).upstream, retries: 0 };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => e as ApiError,
    );

  it('a user URL whose name resolves to one → INVALID_INPUT, nothing connected; an IP literal the same; a request we send (a webhook) is refused for good', async () => {
    const resolver = vi.fn(async (host: string) => (host === 'own.example' ? [OWN_V4] : ['2606:4700::1', OWN_V6]));
    const upstream = createUpstream({ config, resolver, interfaces });
    try {
      const named = await failure(upstream.request({ url: 'https://own.example/x', platform: 't', userParam: 'url' }));
      expect(named).toBeInstanceOf(ApiError);
      expect(named.code).toBe('INVALID_INPUT');
      expect(ssrfRefusalOf(named)).toBe('host own.example resolves to a ipv4 address of this machine');
      const literal = await failure(upstream.request({ url: `http://[${OWN_V6}]:8080/`, platform: 't', userParam: 'url' }));
      expect(literal.code).toBe('INVALID_INPUT');
      expect(ssrfRefusalOf(literal)).toBe('host is a ipv6 address of this machine');
      const hook = await failure(upstream.request({ url: 'https://own6.example/hook', method: 'POST', body: '{}', platform: 'webhook' }));
      expect(hook.code).toBe('UPSTREAM_FAILED');
      expect(ssrfRefusalOf(hook)).toBe('host own6.example resolves to a ipv6 address of this machine');
      // only the pre-flight checks resolved: nothing was connected
      expect(resolver).toHaveBeenCalledTimes(2);
    } finally {
      await upstream.close();
    }
  });
});
