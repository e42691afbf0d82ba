// The attacker of the abuse scenario (test/bench/scenarios/abuse.ts), in its own process so its load does
// not delay the legitimate visitor's measurements in the bench's event loop. Arguments: server URL, the
// victim session's uuid, the operator id, loops per route. Runs until SIGTERM, then prints
// `{"sent":N,"limited":N}` on stdout and exits.
import http from 'node:http';

const [url, uuid, operatorId, loopsText] = process.argv.slice(2);
const base = new URL(url);
const loops = Number(loopsText);
const big = 'x'.repeat(2000);
const routes = [
  ['/im_livechat/init', () => ({ channel_id: 1, page_url: `https://a.example/${big}` })],
  ['/im_livechat/get_session', () => ({ channel_id: 1, anonymous_name: 'Flood' })],
  ['/mail/chat_history', () => ({ uuid, limit: 100 })],
  ['/mail/chat_post', () => ({ uuid, message_content: big })],
  ['/im_livechat/notify_typing', () => ({ uuid, is_typing: true })],
  ['/im_livechat/feedback', () => ({ uuid, rate: 1, reason: big.slice(0, 1000) })],
  ['/im_livechat/history', () => ({ pid: Number(operatorId), channel_uuid: uuid, page_history: Array.from({ length: 15 }, (_, i) => `/${i}${big}`) })],
  ['/im_livechat/email_livechat_transcript', () => ({ uuid, email: 'victim@example.org' })],
  ['/longpolling/poll', () => ({ channels: ['\u0000', 'x'.repeat(60)], last: 0 })],
];

let running = true;
let sent = 0;
let limited = 0;

function post(agent, localAddress, path, params) {
  const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params });
  return new Promise((resolve) => {
    const req = http.request(
      { host: base.hostname, port: base.port, path, method: 'POST', agent, localAddress, timeout: 10_000, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const all = routes.flatMap(([path, params], r) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const localAddress = `127.0.2.${1 + r}`;
  return Array.from({ length: loops }, async () => {
    while (running) {
      const status = await post(agent, localAddress, path, params());
      sent++;
      if (status === 429) limited++;
    }
    agent.destroy();
  });
});

process.on('SIGTERM', () => {
  running = false;
  void Promise.all(all).then(() => {
    process.stdout.write(`${JSON.stringify({ sent, limited })}\n`);
    process.exit(0);
  });
});
