// Holds many long-polls open against one server from one process (forked by the bench with IPC).
// Every answered poll is sent again at once, as a widget does, so the count of held polls stays at N.
// Options arrive as JSON in argv[2]: { url, count, localAddress, bodies, cookie? }; progress is
// reported with process.send; the message "stop" closes everything and exits.
import http from 'node:http';
import { setInterval as every, clearInterval as stopEvery } from 'node:timers';

const { url, count, localAddress, bodies, cookie } = JSON.parse(process.argv[2]);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const stats = { sent: 0, answered: 0, errors: 0, lastError: '' };
let stopping = false;
let nextId = 1;

function poll(i) {
  if (stopping) return;
  const params = bodies[i % bodies.length];
  const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: nextId++ });
  const req = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: '/longpolling/poll',
      method: 'POST',
      agent,
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        stats.answered++;
        poll(i);
      });
    },
  );
  req.on('error', (err) => {
    if (stopping) return;
    stats.errors++;
    stats.lastError = err.message;
  });
  req.end(body);
  stats.sent++;
}

// Visitors do not all connect in the same millisecond: thousands of connections opened at once overflow
// the server's accept queue, which no real load does. Polls go out in small steps instead.
const STEP = 100;
let placed = 0;
const place = every(() => {
  const end = Math.min(count, placed + STEP);
  for (; placed < end; placed++) poll(placed);
  if (placed >= count) stopEvery(place);
}, 10);
// The parent may close the channel between two reports (it stops a load by disconnecting too).
const report = every(() => {
  if (process.connected) process.send?.({ type: 'progress', ...stats });
}, 250);
process.on('message', (m) => {
  if (m !== 'stop') return;
  stopping = true;
  stopEvery(place);
  stopEvery(report);
  agent.destroy();
  process.send?.({ type: 'progress', ...stats }, () => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
