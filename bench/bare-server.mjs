/**
 * Baseline for the benchmarks: a bare node:http server answering every request with the same
 * bytes the gateway answers (read from BODY_FILE), after reading the request body. Plain
 * JavaScript, run by plain node, as the gateway is (npm start runs a compiled bundle).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE);
const port = Number(process.env.PORT);
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
