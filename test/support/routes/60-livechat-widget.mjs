/**
 * A scripted live-chat server for the widget's browser tests, under /__test__/livechat/<sid>/… so each
 * test gets its own (pass that prefix as `server-url`). The real server is exercised by the e2e tests;
 * this one lets component tests choose answers (no operator, failing posts…) and read what was asked.
 *
 *   POST <prefix>/__setup  {available, rule, options, noOperator, queue, resumed, postAnswer, failPosts, failTranscript, failOffline, history, conversationState, initDelayMs, identityHash, identityToken}
 *     identityHash, identityToken: the one visitor_hash and visitor_token taken (a token verifies `u-1`);
 *     any other claimed identity is refused as the real server refuses a wrong one (livechat.IdentityRejected).
 *   GET  <prefix>/__calls  → [{route, params}]
 *   POST <prefix>/__push   {payload} → a bus notification on the current session's uuid
 *   POST <prefix>/__release  answers the calls setup's {hold: [route, …]} keeps waiting, and stops holding
 *   POST <prefix>/im_livechat/upload_attachment  multipart {uuid, post_key, file}: stored and announced like
 *        the real server does, unless setup says {uploadFailures: n} (n answers 500) or {uploadRefusal: code};
 *        {uploadDelayMs} holds the answer. GET <prefix>/__files/<n> serves a stored file back.
 */
const servers = new Map();
// One id sequence for every scripted server: the widget's bus keeps the last id per page origin.
let nextNotificationId = 1;

function server(sid) {
  if (!servers.has(sid)) {
    servers.set(sid, { config: { available: true, rule: {} }, calls: [], notifications: [], nextId: 1, nextMessage: 100, uuid: undefined, waiters: new Set(), held: [] });
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

/** The parts of a multipart/form-data body: name, filename, type and bytes of each. */
function multipartParts(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1],
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
      data: chunk.subarray(split + 4),
    });
    start = next;
  }
  return parts;
}

async function upload(ctx, s, prefix) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const parts = multipartParts(Buffer.concat(chunks), ctx.get('content-type'));
  const field = (name) => parts.find((p) => p.name === name && p.filename === undefined)?.data.toString('utf8');
  const file = parts.find((p) => p.filename !== undefined);
  const params = { uuid: field('uuid'), post_key: field('post_key'), order: parts.map((p) => p.name), name: file?.filename, size: file?.data.length };
  s.calls.push({ route: '/im_livechat/upload_attachment', params });
  const c = s.config;
  if (c.uploadDelayMs) await delay(c.uploadDelayMs);
  ctx.status = 200;
  if (c.uploadFailures > 0) {
    c.uploadFailures -= 1;
    ctx.status = 500;
    return send(ctx, { error: { code: 'invalid', message: 'scripted failure' } });
  }
  if (c.uploadRefusal) {
    ctx.status = 415;
    return send(ctx, { error: { code: c.uploadRefusal, message: 'scripted refusal' } });
  }
  const id = s.nextMessage++;
  (s.files ??= []).push({ type: file.type, data: file.data });
  const url = `${ctx.origin}${prefix}/__files/${s.files.length - 1}?download=true`;
  const attachment = { id: `f${id}`, name: file.filename, filename: file.filename, mimetype: file.type, type: 'file', url, file_size: file.data.length };
  notify(s, { id, body: '', date: new Date().toISOString().slice(0, 19).replace('T', ' '), author_id: [0, 'Visitor'], message_type: 'comment', attachment_ids: [attachment], channel_ids: [42], is_discussion: true, is_notification: false, post_key: params.post_key });
  return send(ctx, { message_id: id, attachments: [attachment] });
}

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
  if (route === '/im_livechat/upload_attachment') return upload(ctx, s, `/__test__/livechat/${sid}`);
  const stored = /^\/__files\/(\d+)$/.exec(route);
  if (stored && s.files?.[Number(stored[1])]) {
    const f = s.files[Number(stored[1])];
    ctx.type = f.type;
    ctx.body = f.data;
    return undefined;
  }
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
  if (route === '/__release') {
    s.config.hold = [];
    for (const release of s.held.splice(0)) release();
    return send(ctx, { ok: true });
  }
  const params = body.params ?? {};
  if (route !== '/longpolling/poll') s.calls.push({ route, params });
  else (s.polls ??= []).push(params);
  // The test decides when this answer leaves: a call is seen (in __calls) long before it is answered.
  if (s.config.hold?.includes(route)) await new Promise((release) => s.held.push(release));
  const answer = (result) => send(ctx, result === undefined ? { jsonrpc: '2.0', id: body.id } : { jsonrpc: '2.0', id: body.id, result });
  const fail = () => send(ctx, { jsonrpc: '2.0', id: body.id, error: { code: 200, message: 'Server Error', data: { name: 'test', message: 'scripted failure', debug: '', arguments: [], exception_type: 'internal_error' } } });
  const c = s.config;
  const rejectIdentity = () =>
    send(ctx, { jsonrpc: '2.0', id: body.id, error: { code: 200, message: 'Server Error', data: { name: 'livechat.IdentityRejected', message: 'The visitor identity could not be verified', debug: '', arguments: [], exception_type: 'access_error' } } });
  const claimsWrongIdentity = (params.visitor_id !== undefined && params.visitor_hash !== c.identityHash) || (params.visitor_token !== undefined && params.visitor_token !== c.identityToken);
  const verifiedId = params.visitor_token !== undefined ? 'u-1' : params.visitor_id;
  switch (route) {
    case '/im_livechat/init':
      if (c.initDelayMs) await delay(c.initDelayMs);
      return answer({ ...(c.available ? { available_for_me: true, rule: c.rule ?? {} } : { available_for_me: 0, rule: {} }), ...(c.options ? { options: c.options } : {}) });
    case '/im_livechat/get_session': {
      if (claimsWrongIdentity) return rejectIdentity();
      if (c.noOperator) return answer(false);
      s.uuid = `uuid-${sid}`;
      const verified = verifiedId !== undefined ? { identity: 'verified', visitor_id: verifiedId } : {};
      // {queue: {position, expected_wait_ms}}: every operator is at capacity, the visitor waits (issue 26).
      if (c.queue) return answer({ id: 42, uuid: s.uuid, name: 'Visitor', operator_pid: [0, 'Support'], state: 'open', folded: false, message_unread_counter: 0, queue: c.queue, ...verified, ...(c.resumed ? { resumed: true } : {}) });
      return answer({ id: 42, uuid: s.uuid, name: 'Visitor Mitchell Admin', operator_pid: [3, 'Mitchell Admin'], state: 'open', folded: false, message_unread_counter: 0, ...verified });
    }
    case '/im_livechat/visitor_update':
      if (claimsWrongIdentity) return rejectIdentity();
      return answer(verifiedId !== undefined ? { identity: 'verified', visitor_id: verifiedId } : { identity: params.visitor_name || params.visitor_email ? 'unverified' : 'anonymous' });
    case '/im_livechat/earlier_conversations':
      return answer([]);
    case '/im_livechat/conversation_state':
      return answer({ state: c.conversationState ?? 'open', ...(c.queue ? { queue: c.queue } : {}) });
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
