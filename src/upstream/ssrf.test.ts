import type { LookupAddress } from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.js';
import {
  assertFetchable,
  DnsError,
  dnsFailure,
  guardedLookup,
  OFFLINE_HINT,
  refusedAddressReason,
  SsrfError,
  staticUrlRefusal,
  trackResolutions,
} from './ssrf.js';
import type { Resolver } from './ssrf.js';

describe('refusedAddressReason', () => {
  const refused: [string, RegExp][] = [
    // IPv4
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.0.0.1', /private/],
    ['10.255.255.255', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.254', /private/],
    ['192.168.0.1', /private/],
    ['192.168.255.254', /private/],
    ['100.64.0.1', /carrierGradeNat/],
    ['100.127.255.254', /carrierGradeNat/],
    ['169.254.169.254', /linkLocal/],
    ['169.254.0.1', /linkLocal/],
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['240.0.0.1', /reserved/],
    ['192.0.2.1', /reserved/],
    ['198.51.100.1', /reserved/],
    ['203.0.113.1', /reserved/],
    ['198.18.0.1', /reserved/],
    // IPv6
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fe80::1', /linkLocal/],
    ['fe80::1%eth0', /linkLocal/],
    ['[fe80::1]', /linkLocal/],
    ['fc00::1', /uniqueLocal/],
    ['fd12::1', /uniqueLocal/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /ipv4 loopback/],
    ['::ffff:7f00:1', /ipv4 loopback/],
    ['::ffff:10.0.0.1', /ipv4 private/],
    ['::ffff:169.254.169.254', /ipv4 linkLocal/],
    ['2001:db8::1', /reserved/],
    ['64:ff9b::a00:1', /NAT64.*ipv4 private/],
    ['64:ff9b::7f00:1', /NAT64.*ipv4 loopback/],
    ['64:ff9b::a9fe:a9fe', /NAT64.*ipv4 linkLocal/],
    // IPv4-compatible ::a.b.c.d (deprecated) — ipaddr.js calls it "unicast"
    ['::7f00:1', /ipv6/],
    ['::a00:1', /ipv6/],
    // tunnels and other special-purpose IPv6
    ['2002:a00:1::1', /6to4/],
    ['2001::1', /teredo/],
    ['100::1', /discard/],
    ['fec0::1', /ipv6/],
    // not an address at all
    ['example.com', /not an IP address/],
    ['', /not an IP address/],
  ];
  it.each(refused)('refuses %s', (address, why) => {
    const reason = refusedAddressReason(address);
    expect(reason).not.toBeNull();
    expect(reason).toMatch(why);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows public %s', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });
});

describe('staticUrlRefusal', () => {
  const refusal = (u: string) => staticUrlRefusal(new URL(u));

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://example.com:70/_x',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the scheme of %s', (u) => {
    expect(refusal(u)).toMatch(/scheme .* is not allowed/);
  });

  it.each(['https://user:pass@example.com/', 'https://user@example.com/', 'https://:pass@example.com/'])(
    'refuses credentials in %s',
    (u) => {
      expect(refusal(u)).toMatch(/credentials/);
    },
  );

  it.each([
    'http://localhost/',
    'http://localhost:8080/x',
    'http://LOCALHOST./',
    'http://foo.localhost/',
    'http://foo.localhost./',
    'http://localhost.localdomain/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://router.home.arpa/',
    // WHATWG URL keeps every trailing dot
    'http://localhost../',
    'http://foo.localhost.../',
    'http://metadata.google.internal../',
  ])('refuses the local name in %s', (u) => {
    expect(refusal(u)).toMatch(/is local/);
  });

  it.each(['http://example.com:0/hook', 'https://example.com:00/', 'http://93.184.216.34:0/'])('refuses port 0 in %s', (u) => {
    expect(refusal(u)).toBe('port 0 is not allowed (no server listens on it)');
  });

  it.each(['http://hooks..example/', 'http://.hooks.example/', 'http://hooks.example../', 'http://a...b/'])(
    'refuses the empty label of %s',
    (u) => {
      expect(refusal(u)).toMatch(/has an empty label$/);
    },
  );

  it.each(['http://example.com./', 'https://example.com:8080/', 'http://xn--bcher-kva.example/', 'http://0xc0ffee.example/'])(
    'lets %s through (one trailing dot is the root)',
    (u) => {
      expect(refusal(u)).toBeNull();
    },
  );

  it.each([
    ['http://127.0.0.1/', /loopback/],
    ['http://127.0.0.1./', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://[::ffff:a00:1]/', /private/],
    ['http://[64:ff9b::a00:1]/', /private/],
    ['http://[fe80::1]/', /linkLocal/],
    ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://0/', /unspecified/],
    // numeric shorthands a resolver (and WHATWG URL) read as 127.0.0.1
    ['http://2130706433/', /loopback/],
    ['http://0x7f000001/', /loopback/],
    ['http://017700000001/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://0177.0.0.1/', /loopback/],
    ['http://10.1/', /private/],
  ])('refuses the address in %s', (u, why) => {
    const reason = refusal(u);
    expect(reason).toMatch(/^host is a /);
    expect(reason).toMatch(why);
  });

  it.each([
    ['http://example.com:25/', '25'],
    ['https://mail.example.com:587/', '587'],
    ['http://example.com:22/', '22'],
    ['https://irc.example.com:6667/', '6667'],
    ['http://example.com:6697/', '6697'],
    ['http://8.8.8.8:53/', '53'],
    ['http://example.com:10080/', '10080'],
  ])("refuses another protocol's port (the Fetch standard's bad ports) in %s", (u, port) => {
    expect(refusal(u)).toBe(`port ${port} is not allowed (another protocol's)`);
  });

  it.each([
    'https://example.com/',
    'http://example.com:8080/a?b=c',
    'http://example.com:80/',
    'https://example.com:443/',
    'http://example.com:3000/',
    'https://example.com:8443/',
    'https://api.github.com/repos/a/b',
    'https://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
    'https://localhost.example.com/',
    'https://internal.example.com/',
    // names that start like a hex number, but are names
    'https://0xc0ffee.substack.com/',
    'https://0xdeadbeef.example/',
    'https://0x1.example.com/',
  ])('allows %s', (u) => {
    expect(refusal(u)).toBeNull();
  });
});

describe('assertFetchable', () => {
  const mapResolver = (map: Record<string, string[]>): Resolver & ReturnType<typeof vi.fn> =>
    vi.fn(async (host: string) => {
      const found = map[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    }) as never;

  it('refuses a name that resolves to a private address', async () => {
    const resolver = mapResolver({ 'intranet.example.com': ['10.0.0.5'] });
    const err = await assertFetchable(new URL('https://intranet.example.com/x'), { resolver, resolveNames: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SsrfError);
    expect((err as SsrfError).message).toMatch(/intranet\.example\.com resolves to a ipv4 private address/);
    expect((err as SsrfError).url).toBe('https://intranet.example.com/x');
    expect(resolver).toHaveBeenCalledWith('intranet.example.com');
  });

  it('refuses a name with mixed public and private addresses', async () => {
    const resolver = mapResolver({ 'mixed.example.com': ['93.184.216.34', '2606:4700:4700::1111', '169.254.169.254'] });
    await expect(assertFetchable(new URL('https://mixed.example.com/'), { resolver, resolveNames: true })).rejects.toThrow(/linkLocal/);
  });

  it('refuses a name that resolves to a NAT64 address carrying a private one', async () => {
    const resolver = mapResolver({ 'nat64.example.com': ['64:ff9b::a00:1'] });
    await expect(assertFetchable(new URL('https://nat64.example.com/'), { resolver, resolveNames: true })).rejects.toBeInstanceOf(
      SsrfError,
    );
  });

  it('stops at a name that does not resolve (error or empty list) with a DNS failure, not an SSRF refusal', async () => {
    const err = await assertFetchable(new URL('https://nowhere.example/x'), { resolver: mapResolver({}), resolveNames: true }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DnsError);
    expect(err).not.toBeInstanceOf(SsrfError);
    expect((err as DnsError).message).toBe('could not resolve host nowhere.example (DNS ENOTFOUND)');
    expect((err as DnsError).url).toBe('https://nowhere.example/x');
    const offline: Resolver = async () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }));
    await expect(assertFetchable(new URL('https://api.github.com/'), { resolver: offline, resolveNames: true })).rejects.toThrow(
      'could not resolve host api.github.com (DNS EAI_AGAIN)',
    );
    const empty = mapResolver({ 'empty.example.com': [] });
    const none = await assertFetchable(new URL('https://empty.example.com/'), { resolver: empty, resolveNames: true }).catch(
      (e: unknown) => e,
    );
    expect(none).toBeInstanceOf(DnsError);
    expect((none as DnsError).message).toBe('could not resolve host empty.example.com (DNS NODATA)');
  });

  it('accepts a name with only public addresses', async () => {
    const resolver = mapResolver({ 'www.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    await expect(assertFetchable(new URL('https://www.example.com/'), { resolver, resolveNames: true })).resolves.toBeUndefined();
  });

  it('with resolveNames:false does no lookup (static checks still apply)', async () => {
    const resolver = mapResolver({});
    await expect(assertFetchable(new URL('https://anything.example.com/'), { resolver, resolveNames: false })).resolves.toBeUndefined();
    expect(resolver).not.toHaveBeenCalled();
    await expect(assertFetchable(new URL('http://127.0.0.1/'), { resolver, resolveNames: false })).rejects.toBeInstanceOf(SsrfError);
    await expect(assertFetchable(new URL('http://localhost/'), { resolver, resolveNames: false })).rejects.toBeInstanceOf(SsrfError);
    expect(resolver).not.toHaveBeenCalled();
  });

  it('does not resolve IP literals', async () => {
    const resolver = mapResolver({});
    await expect(assertFetchable(new URL('https://8.8.8.8/'), { resolver, resolveNames: true })).resolves.toBeUndefined();
    await expect(assertFetchable(new URL('https://[2606:4700:4700::1111]/'), { resolver, resolveNames: true })).resolves.toBeUndefined();
    expect(resolver).not.toHaveBeenCalled();
  });

  it('refuses statically refused URLs before any lookup', async () => {
    const resolver = mapResolver({});
    await expect(assertFetchable(new URL('file:///etc/passwd'), { resolver, resolveNames: true })).rejects.toThrow(/scheme/);
    expect(resolver).not.toHaveBeenCalled();
  });
});

describe('guardedLookup', () => {
  type Result = { err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };
  const call = (resolver: Resolver, options: Parameters<ReturnType<typeof guardedLookup>>[1]) =>
    new Promise<Result>((resolveP) => {
      guardedLookup(resolver)('host.example', options, (err, address, family) => resolveP({ err, address, family }));
    });

  it('refuses a private address (single form)', async () => {
    const r = await call(async () => ['10.0.0.5'], {});
    expect(r.err?.code).toBe('ESSRF');
    expect(r.err?.message).toMatch(/host\.example resolves to a ipv4 private address/);
  });

  it('refuses a private address (all:true form)', async () => {
    const r = await call(async () => ['93.184.216.34', '127.0.0.1'], { all: true });
    expect(r.err?.code).toBe('ESSRF');
  });

  it('refuses a name without addresses', async () => {
    const r = await call(async () => [], { all: true });
    expect(r.err?.code).toBe('ESSRF');
    expect(r.err?.message).toMatch(/does not resolve/);
  });

  it('passes resolver errors through', async () => {
    const r = await call(async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })), {});
    expect(r.err?.code).toBe('ENOTFOUND');
  });

  it('accepts public addresses (single form: the first one and its family)', async () => {
    const r = await call(async () => ['2606:4700:4700::1111', '1.1.1.1'], {});
    expect(r.err).toBeNull();
    expect(r.address).toBe('2606:4700:4700::1111');
    expect(r.family).toBe(6);
    const numeric = await call(async () => ['1.1.1.1'], 4);
    expect(numeric).toEqual({ err: null, address: '1.1.1.1', family: 4 });
  });

  it('accepts public addresses (all:true form: every address with its family)', async () => {
    const r = await call(async () => ['1.1.1.1', '2606:4700:4700::1111'], { all: true });
    expect(r.err).toBeNull();
    expect(r.address).toEqual([
      { address: '1.1.1.1', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it('honours a requested family', async () => {
    const v4 = await call(async () => ['2606:4700:4700::1111', '1.1.1.1'], { family: 4 });
    expect(v4).toEqual({ err: null, address: '1.1.1.1', family: 4 });
    const v6all = await call(async () => ['1.1.1.1', '2606:4700:4700::1111'], { all: true, family: 6 });
    expect(v6all.address).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
    const none = await call(async () => ['1.1.1.1'], { family: 6 });
    expect(none.err?.code).toBe('ENOTFOUND');
  });
});

describe('trackResolutions', () => {
  it('remembers whether any name has resolved to an address (errors and empty answers do not count)', async () => {
    let answer: () => Promise<string[]> = async () => Promise.reject(Object.assign(new Error('offline'), { code: 'EAI_AGAIN' }));
    const tracked = trackResolutions(() => answer());
    expect(tracked.anyResolved()).toBe(false);
    await expect(tracked.resolver('a.example')).rejects.toThrow('offline');
    answer = async () => [];
    await expect(tracked.resolver('b.example')).resolves.toEqual([]);
    expect(tracked.anyResolved()).toBe(false);
    answer = async () => ['93.184.216.34'];
    await expect(tracked.resolver('c.example')).resolves.toEqual(['93.184.216.34']);
    expect(tracked.anyResolved()).toBe(true);
    answer = async () => Promise.reject(new Error('later failure'));
    await tracked.resolver('d.example').catch(() => undefined);
    expect(tracked.anyResolved()).toBe(true);
  });
});

describe('dnsFailure', () => {
  const e = new DnsError('api.github.com', 'EAI_AGAIN', 'https://api.github.com/repos/o/r');

  it('offline (nothing ever resolved): UPSTREAM_FAILED that says so and points to the demo, even for a user URL', () => {
    for (const userParam of [undefined, 'url']) {
      const err = dnsFailure(e, { platform: 'code', userParam, redirected: false, online: false });
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toBe(`code: could not resolve host api.github.com (DNS EAI_AGAIN); ${OFFLINE_HINT}`);
      expect(err.message).toContain('npm run demo');
      expect(err.message).not.toMatch(/refused/);
    }
  });

  it('online: a name we built is UPSTREAM_FAILED without the hint; a user URL is INVALID_INPUT naming the parameter', () => {
    const built = dnsFailure(e, { platform: 'code', redirected: false, online: true });
    expect(built.code).toBe('UPSTREAM_FAILED');
    expect(built.message).toBe('code: could not resolve host api.github.com (DNS EAI_AGAIN)');
    const user = dnsFailure(e, { platform: 'linkpage-a', userParam: 'url', redirected: false, online: true });
    expect(user.code).toBe('INVALID_INPUT');
    // Worded as a name that resolves to a refused address is (notPublicName): the two are one answer.
    expect(user.details).toEqual([{ param: 'url', message: 'URL refused: host api.github.com does not resolve to a public address' }]);
  });

  it("a redirect's target that does not resolve is the upstream's doing, even for a user URL", () => {
    const err = dnsFailure(e, { platform: 'linkpage-a', userParam: 'url', redirected: true, online: true });
    expect(err.code).toBe('UPSTREAM_FAILED');
    expect(err.message).toBe('linkpage-a: upstream redirected to host api.github.com, which could not be resolved (DNS EAI_AGAIN)');
  });
});
