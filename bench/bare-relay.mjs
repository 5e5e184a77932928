/**
 * Baseline for the live-path benchmark: a bare relay of the gateway's upstream fetch. node:http
 * takes `/v1/code/repository?url=https://github.com/OWNER/REPO`, undici fetches the same
 * upstream URL the gateway fetches (https://api.github.com/repos/OWNER/REPO, sent to the replay
 * server as the gateway sends it: `<replay>/api.github.com/...` with x-upstream-url) and the
 * upstream body is returned as is. No key, no credits, no parsing, no cache, no log: what any
 * relay of that fetch costs. Plain JavaScript, run by plain node, as the gateway is.
 */
import { createServer } from 'node:http';
import { Agent, request } from 'undici';

const port = Number(process.env.PORT);
const replay = String(process.env.REPLAY_URL).replace(/\/+$/, '');
const agent = new Agent({ keepAliveTimeout: 4_000 });

createServer(async (req, res) => {
  try {
    const target = new URL(new URL(req.url, 'http://relay').searchParams.get('url') ?? '');
    const [, owner, repo] = target.pathname.split('/');
    const upstream = `https://api.github.com/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    const r = await request(`${replay}/api.github.com/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`, {
      dispatcher: agent,
      headers: { 'x-upstream-url': upstream, 'user-agent': 'bare-relay', accept: '*/*' },
    });
    const body = Buffer.from(await r.body.arrayBuffer());
    res.writeHead(r.statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  } catch (e) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(String(e));
  }
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
