/**
 * Throw-away TLS material for tests, made with the openssl CLI at test time (nothing committed):
 * a CA, and a server certificate it signed for the given host names and IP addresses. Lets a
 * test stand up a loopback https:// "upstream" that the client trusts only through
 * UPSTREAM_CA_FILE. Tests that need it ask `requireTool('openssl')` (test/prereq.ts) first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** PEM file of the CA: what UPSTREAM_CA_FILE points at. */
  caFile: string;
  /** The server certificate (PEM) for node:https, and its key. */
  cert: string;
  key: string;
  cleanup(): void;
}

export function makeCertificates(hosts: string[]): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'cl-tls-'));
  const f = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run(['req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=Creator Lookup throw-away test CA']);
  run(['req', '-new', ...ec, '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', `/CN=${hosts[0]}`]);
  const san = hosts.map((h) => (isIP(h) ? `IP:${h}` : `DNS:${h}`)).join(',');
  writeFileSync(f('server.ext'), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  run([
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-set_serial',
    '1',
    '-days',
    '2',
    '-extfile',
    f('server.ext'),
    '-out',
    f('server.pem'),
  ]);
  return {
    caFile: f('ca.pem'),
    cert: readFileSync(f('server.pem'), 'utf8'),
    key: readFileSync(f('server.key'), 'utf8'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
