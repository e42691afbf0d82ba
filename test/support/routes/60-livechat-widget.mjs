/**
 * A scripted live-chat server for the widget's browser tests, under /__test__/livechat/<sid>/… so each
 * test gets its own (pass that prefix as `server-url`). The real server is exercised by the e2e tests;
 * this one lets component tests choose answers (no operator, failing posts…) and read what was asked.
 *
 *   POST <prefix>/__setup  {available, rule, options, noOperator, postAnswer, failPosts, failTranscript, failOffline, history, initDelayMs}
 *   GET  <prefix>/__calls  → [{route, params}]
 *   POST <prefix>/__push   {payload} → a bus notification on the current session's uuid
 */
const servers = new Map();
// One id sequence for every scripted server: the widget's bus keeps the last id per page origin.
let nextNotificationId = 1;

function server(sid) {
  if (!servers.has(sid)) {
    servers.set(sid, { config: { available: true, rule: {} }, calls: [], notifications: [], nextId: 1, nextMessage: 100, uuid: undefined, waiters: new Set() });
  }
  return servers.get(sid);
}

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(ctx, body) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

function notify(s, payload) {
  s.notifications.push({ id: nextNotificationId++, channel: s.uuid, message: payload });
  for (const wake of s.waiters) wake();
}

const delay = (ms) => new Promise((r) => setTimeout(r, ms));

export default async function livechatWidgetRoutes(ctx, next) {
  const m = /^\/__test__\/livechat\/([\w-]+)(\/.*)$/.exec(ctx.path);
  if (!m) return next();
  const [, sid, route] = m;
  const s = server(sid);
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Allow-Headers', 'Content-Type');
    ctx.status = 204;
    return undefined;
  }
  if (route === '/__calls') return send(ctx, s.calls);
  if (route === '/__polls') return send(ctx, s.polls ?? []);
  const body = await readJson(ctx);
  if (route === '/__setup') {
    Object.assign(s.config, body);
    return send(ctx, { ok: true });
  }
  if (route === '/__push') {
    notify(s, body.payload);
    return send(ctx, { ok: true });
  }
  const params = body.params ?? {};
  if (route !== '/longpolling/poll') s.calls.push({ route, params });
  else (s.polls ??= []).push(params);
  const answer = (result) => send(ctx, result === undefined ? { jsonrpc: '2.0', id: body.id } : { jsonrpc: '2.0', id: body.id, result });
  const fail = () => send(ctx, { jsonrpc: '2.0', id: body.id, error: { code: 200, message: 'Server Error', data: { name: 'test', message: 'scripted failure', debug: '', arguments: [], exception_type: 'internal_error' } } });
  const c = s.config;
  switch (route) {
    case '/im_livechat/init':
      if (c.initDelayMs) await delay(c.initDelayMs);
      return answer({ ...(c.available ? { available_for_me: true, rule: c.rule ?? {} } : { available_for_me: 0, rule: {} }), ...(c.options ? { options: c.options } : {}) });
    case '/im_livechat/get_session':
      if (c.noOperator) return answer(false);
      s.uuid = `uuid-${sid}`;
      return answer({ id: 42, uuid: s.uuid, name: 'Visitor Mitchell Admin', operator_pid: [3, 'Mitchell Admin'], state: 'open', folded: false, message_unread_counter: 0 });
    case '/mail/chat_history':
      s.uuid = params.uuid;
      return answer(c.history ?? []);
    case '/mail/chat_post': {
      if (c.failPosts && c.failPosts > 0) {
        c.failPosts -= 1;
        return fail();
      }
      if (c.postAnswer !== undefined) return answer(c.postAnswer);
      const id = s.nextMessage++;
      const text = String(params.message_content).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
      notify(s, { id, body: `<p>${text}</p>`, date: new Date().toISOString().slice(0, 19).replace('T', ' '), author_id: [0, 'Visitor'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false });
      return answer(id);
    }
    case '/im_livechat/email_livechat_transcript':
      return c.failTranscript ? fail() : answer(undefined);
    case '/im_livechat/offline_message':
      if (c.failOffline && c.failOffline > 0) {
        c.failOffline -= 1;
        return fail();
      }
      return answer(true);
    case '/longpolling/poll': {
      const pending = () => s.notifications.filter((n) => n.id > (params.last ?? 0) && (params.channels ?? []).includes(n.channel));
      for (let i = 0; i < 10 && pending().length === 0; i += 1) {
        await new Promise((resolve) => {
          const wake = () => resolve(undefined);
          s.waiters.add(wake);
          delay(100).then(() => {
            s.waiters.delete(wake);
            resolve(undefined);
          });
        });
      }
      return answer(pending());
    }
    default:
      return answer(true);
  }
}
