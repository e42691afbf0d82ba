import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.js';

// The built server as a new user runs it (npm start): every widget call over real HTTP, as PROTOCOL.md says.
async function rpc(ctx: APIRequestContext, path: string, params?: Record<string, unknown>) {
  const res = await ctx.post(path, { data: params === undefined ? { jsonrpc: '2.0', method: 'call', id: 1 } : { jsonrpc: '2.0', method: 'call', params, id: 1 }, headers: { origin: 'https://shop.example' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  return (await res.json()) as { result?: unknown; error?: unknown };
}

test('a visitor talks to a logged-in operator through every widget route', async ({ request, baseURL }) => {
  const login = await request.post('/web/session/authenticate', { data: { jsonrpc: '2.0', method: 'call', params: { db: 'livechat', login: 'admin', password: 'e2e-admin-password' }, id: 1 } });
  expect((await login.json()).result.username).toBe('admin');

  const visitor = await playwrightRequest.newContext({ baseURL });
  expect((await rpc(visitor, '/im_livechat/init', { channel_id: 1 })).result).toEqual({ available_for_me: true, rule: { action: 'display_button', auto_popup_timer: 0, regex_url: false }, options: expect.any(Object) });
  expect((await rpc(visitor, '/im_livechat/load_templates')).result).toEqual([]);
  const session = (await rpc(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null })).result as { uuid: string; operator_pid: [number, string] };
  expect(session.operator_pid[1]).toBe('Administrator');
  const id = (await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: 'Hello <there>' })).result;
  expect(typeof id).toBe('number');
  const reply = await request.post('/mail/chat_post', { data: { jsonrpc: '2.0', method: 'call', params: { uuid: session.uuid, message_content: 'Hi, I am here' }, id: 2 } });
  expect(typeof (await reply.json()).result).toBe('number');
  const history = (await rpc(visitor, '/mail/chat_history', { uuid: session.uuid, limit: 100 })).result as { body: string; author_id: [number, string]; author_avatar_url: string }[];
  expect(history.map((m) => m.body)).toEqual(['<p>Hi, I am here</p>', '<p>Hello &lt;there&gt;</p>']);
  expect(history[1]!.author_id).toEqual([0, 'Visitor']);
  expect(history[1]!.author_avatar_url).toBe(`${baseURL}/web/partner_image/0`);
  expect((await rpc(visitor, '/im_livechat/notify_typing', { uuid: session.uuid, is_typing: true })).error).toBeUndefined();
  expect((await rpc(visitor, '/im_livechat/history', { pid: session.operator_pid[0], channel_uuid: session.uuid, page_history: ['/'] })).result).toBe(true);
  expect(typeof (await rpc(visitor, '/im_livechat/feedback', { uuid: session.uuid, rate: 5 })).result).toBe('number');
  expect((await rpc(visitor, '/im_livechat/email_livechat_transcript', { uuid: session.uuid, email: 'visitor@example.org' })).error).toBeUndefined();

  const avatar = await visitor.get('/web/partner_image/0');
  expect(avatar.headers()['content-type']).toContain('image/svg+xml');
  const beep = await visitor.get('/livechat/static/beep.ogg');
  expect(beep.status()).toBe(200);
  await visitor.dispose();
});
