// A real HTTP long-poll for the bus tests: /__test__/bus/<ns>/… where <ns> keeps concurrent test files apart.
//   POST poll   JSON-RPC {params: {channels, last}}: answers notifications newer than `last` on those
//               channels at once, or holds the request until one is pushed or `?hold=` ms pass (then []).
//   POST push   {channel, message} → {id}: stores a notification and wakes held polls.
//   POST fail   {count, status}: the next `count` polls answer with that HTTP status.
//   GET  stats  → {inFlight, maxInFlight, total, lasts}: what the polls looked like.
//   POST reset  resets the stats counters (maxInFlight, total, lasts).
const spaces = new Map();

function space(ns) {
  let s = spaces.get(ns);
  if (!s) {
    s = { notifications: [], nextId: 1, waiters: new Set(), inFlight: 0, maxInFlight: 0, total: 0, lasts: [], failures: [] };
    spaces.set(ns, s);
  }
  return s;
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function newer(s, channels, last) {
  return s.notifications.filter((n) => n.id > last && channels.includes(n.channel));
}

export default async function busRoute(ctx, next) {
  const match = /^\/__test__\/bus\/([\w-]+)\/(poll|push|fail|stats|reset)$/.exec(ctx.path);
  if (!match) return next();
  const [, ns, action] = match;
  const s = space(ns);
  ctx.set('Cache-Control', 'no-store');
  if (action === 'stats') {
    ctx.body = { inFlight: s.inFlight, maxInFlight: s.maxInFlight, total: s.total, lasts: s.lasts };
    return undefined;
  }
  const body = await readJson(ctx.req);
  if (action === 'reset') {
    Object.assign(s, { maxInFlight: s.inFlight, total: 0, lasts: [] });
    ctx.body = { ok: true };
    return undefined;
  }
  if (action === 'fail') {
    for (let i = 0; i < (body.count ?? 1); i += 1) s.failures.push(body.status ?? 503);
    ctx.body = { ok: true };
    return undefined;
  }
  if (action === 'push') {
    const notification = { id: s.nextId++, channel: String(body.channel), message: body.message ?? {} };
    s.notifications.push(notification);
    for (const wake of [...s.waiters]) wake();
    ctx.body = { id: notification.id };
    return undefined;
  }
  // poll
  const params = body.params ?? {};
  const channels = Array.isArray(params.channels) ? params.channels : [];
  const last = Number(params.last ?? 0);
  s.total += 1;
  s.lasts.push(last);
  if (s.failures.length) {
    ctx.status = s.failures.shift();
    ctx.body = 'unavailable';
    return undefined;
  }
  const hold = Number(ctx.query.hold ?? 3000);
  s.inFlight += 1;
  s.maxInFlight = Math.max(s.maxInFlight, s.inFlight);
  const result = await new Promise((resolve) => {
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.waiters.delete(wake);
      ctx.res.off('close', onClose);
      s.inFlight -= 1;
      resolve(value);
    };
    const wake = () => {
      const found = newer(s, channels, last);
      if (found.length) finish(found);
    };
    // The client went away (aborted fetch, removed iframe): release the waiter at once.
    const onClose = () => finish(null);
    const timer = setTimeout(() => finish([]), hold);
    ctx.res.on('close', onClose);
    s.waiters.add(wake);
    wake();
  });
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, result: result ?? [] });
  return undefined;
}
