// The floor of the held-poll scenario: a bare node:http server that reads a JSON-RPC poll and holds
// it until its hold time or the client's disconnect, with no framework, database or bus. It prints its
// port on stdout. Run by test/bench/scenarios/held-polls.ts.
import http from 'node:http';
import { setTimeout as setTimer, clearTimeout as clearTimer } from 'node:timers';

const holdMs = Number(process.argv[2] ?? 50_000);

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let id = null;
    try {
      id = JSON.parse(Buffer.concat(chunks).toString('utf8')).id ?? null;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const timer = setTimer(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: [] }));
    }, holdMs);
    res.on('close', () => clearTimer(timer));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
