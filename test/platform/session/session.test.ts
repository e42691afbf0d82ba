import { expect, waitUntil } from '@open-wc/testing';
import { RpcClient, type RpcErrorEvent } from '../../../src/platform/rpc/index.js';
import type * as RpcModule from '../../../src/platform/rpc/index.js';
import { Session, type SessionChangeReason } from '../../../src/platform/session/index.js';
import type * as SessionModule from '../../../src/platform/session/index.js';
import { ownRealm } from '../support/own-realm.js';
import { RpcServerError } from '../../../src/platform/errors.js';
import { CALL_KW_ROUTE, SEARCH_READ_ROUTE, SESSION_AUTHENTICATE_ROUTE, SESSION_DESTROY_ROUTE, SESSION_INFO_ROUTE } from '../../../src/protocol/routes.js';

// A stand-in for the server's web routes runs in the test server (test/support/routes/20-platform-core.mjs);
// each test gets its own run id, so its server-side session and request log are its own.
interface Logged {
  method: 'GET' | 'POST';
  route: string;
  params?: Record<string, unknown>;
}

function freshServer(): { client: RpcClient; log: () => Promise<Logged[]>; expire: () => Promise<void> } {
  const base = `/__test__/odoo/${crypto.randomUUID()}`;
  const client = new RpcClient({ baseUrl: base });
  return {
    client,
    log: async () => ((await (await fetch(`${base}/__log`)).json()) as Logged[]).filter((l) => l.route !== '/__expire'),
    expire: async () => {
      await client.call('/__expire', {}, { silent: true });
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RpcServerError) err.preventDefault();
    return err;
  }
  throw new Error('the call resolved, a rejection was expected');
}

async function loggedIn(): Promise<{ session: Session } & ReturnType<typeof freshServer>> {
  const server = freshServer();
  const session = new Session(server.client);
  await session.authenticate('testdb', 'admin', 'admin');
  return { session, ...server };
}

describe('Session: fields', () => {
  it('starts anonymous with empty fields when the page provides no session info', () => {
    const session = new Session(new RpcClient());
    expect(session.status).to.equal('anonymous');
    expect(session.uid).to.equal(null);
    expect(session.username).to.equal(null);
    expect(session.db).to.equal(null);
    expect(session.user_context).to.deep.equal({});
    expect(session.cache_hashes).to.deep.equal({});
    expect(session.currencies).to.deep.equal({});
  });

  it('is initialised from the session-info object the page provides', () => {
    const session = new Session(new RpcClient(), {
      uid: 7,
      username: 'demo',
      db: 'shop',
      user_context: { lang: 'ar_001', tz: 'Asia/Dubai', uid: 7 },
      cache_hashes: { translations: 'abc', qweb: 'def' },
      currencies: { 3: { symbol: 'AED', position: 'before', digits: [69, 2] } },
    });
    expect(session.status).to.equal('authenticated');
    expect(session.uid).to.equal(7);
    expect(session.username).to.equal('demo');
    expect(session.db).to.equal('shop');
    expect(session.lang).to.equal('ar_001');
    expect(session.user_context).to.deep.equal({ lang: 'ar_001', tz: 'Asia/Dubai', uid: 7 });
    expect(session.cache_hashes).to.deep.equal({ translations: 'abc', qweb: 'def' });
    expect(session.currencies).to.deep.equal({ 3: { symbol: 'AED', position: 'before', digits: [69, 2] } });
  });

  it('reads a malformed session-info object without throwing and keeps what is valid', () => {
    const session = new Session(new RpcClient(), {
      uid: false as unknown as null,
      username: 42 as unknown as string,
      db: 'shop',
      user_context: 'nope' as unknown as Record<string, unknown>,
      currencies: { 1: { symbol: '€' }, 2: 'bad' } as unknown as Record<string, never>,
    });
    expect(session.status).to.equal('anonymous');
    expect(session.username).to.equal(null);
    expect(session.db).to.equal('shop');
    expect(session.user_context).to.deep.equal({});
    expect(session.currencies).to.deep.equal({ 1: { symbol: '€', position: 'after', digits: [69, 2] } });
  });
});

describe('Session: authenticate, get_session_info, destroy', () => {
  it('authenticates with db, login and password and takes the answer’s fields', async () => {
    const { client, log } = freshServer();
    const session = new Session(client);
    const reasons: SessionChangeReason[] = [];
    session.addEventListener('change', (e) => reasons.push((e as CustomEvent<SessionChangeReason>).detail));
    await session.authenticate('testdb', 'admin', 'admin');
    expect(session.status).to.equal('authenticated');
    expect(session.uid).to.equal(2);
    expect(session.username).to.equal('admin');
    expect(session.db).to.equal('testdb');
    expect(session.lang).to.equal('fr_FR');
    expect(session.cache_hashes.translations).to.equal('tr-hash-1');
    expect(reasons).to.deep.equal(['authenticated']);
    expect(await log()).to.deep.equal([
      { method: 'POST', route: SESSION_AUTHENTICATE_ROUTE, params: { db: 'testdb', login: 'admin', password: 'admin' } },
    ]);
  });

  it('stays anonymous when the credentials are refused', async () => {
    const { client } = freshServer();
    const session = new Session(client);
    const err = (await rejection(session.authenticate('testdb', 'admin', 'wrong'))) as RpcServerError;
    expect(err.error.data.name).to.equal('odoo.exceptions.AccessDenied');
    expect(session.status).to.equal('anonymous');
  });

  it('reads currencies and the other fields from get_session_info', async () => {
    const { client } = await loggedIn();
    // The page provided a partial session-info object: no currencies, no context yet.
    const session = new Session(client, { uid: 2 });
    expect(session.currencies).to.deep.equal({});
    const reasons: SessionChangeReason[] = [];
    session.addEventListener('change', (e) => reasons.push((e as CustomEvent<SessionChangeReason>).detail));
    const info = await session.getSessionInfo();
    expect(info.uid).to.equal(2);
    expect(session.currencies).to.deep.equal({
      1: { symbol: '€', position: 'after', digits: [69, 2] },
      2: { symbol: '$', position: 'before', digits: [69, 2] },
    });
    expect(session.user_context).to.deep.equal({ lang: 'fr_FR', tz: 'Europe/Brussels', uid: 2 });
    expect(reasons).to.deep.equal(['refreshed']);
  });

  it('destroys the server session and forgets the user', async () => {
    const { session, log } = await loggedIn();
    await session.destroy();
    expect(session.status).to.equal('anonymous');
    expect(session.uid).to.equal(null);
    expect(session.username).to.equal(null);
    expect((await log()).map((l) => l.route)).to.deep.equal([SESSION_AUTHENTICATE_ROUTE, SESSION_DESTROY_ROUTE]);
    const err = (await rejection(session.getSessionInfo())) as RpcServerError;
    expect(err.code).to.equal(100);
  });
});

describe('Session: invalidation by code 100', () => {
  it('clears the uid when any call answers code 100', async () => {
    const { session, expire } = await loggedIn();
    const reasons: SessionChangeReason[] = [];
    session.addEventListener('change', (e) => reasons.push((e as CustomEvent<SessionChangeReason>).detail));
    await expire();
    const err = (await rejection(session.callKw('res.partner', 'read', [[1]]))) as RpcServerError;
    expect(err.code).to.equal(100);
    expect(session.uid).to.equal(null);
    expect(session.status).to.equal('anonymous');
    expect(reasons).to.deep.equal(['invalidated']);
  });

  it('is invalidated by a code 100 answer to a call made on the client directly', async () => {
    const { session, client, expire } = await loggedIn();
    await expire();
    await rejection(client.call(SESSION_INFO_ROUTE));
    expect(session.uid).to.equal(null);
  });

  it('is left alone by other server errors', async () => {
    const { session, client } = await loggedIn();
    await rejection(client.call('/web/nowhere'));
    expect(session.uid).to.equal(2);
  });

  it('no longer listens to the client once disposed', async () => {
    const { session, client, expire } = await loggedIn();
    session.dispose();
    await expire();
    await rejection(client.call(SESSION_INFO_ROUTE));
    expect(session.uid).to.equal(2);
  });
});

describe('Session: userHasGroup', () => {
  it('answers false without a logged-in user, without asking the server', async () => {
    const { client, log } = freshServer();
    const session = new Session(client);
    expect(await session.userHasGroup('base.group_user')).to.equal(false);
    expect(await log()).to.deep.equal([]);
  });

  it('asks res.users.has_group with the group as the only argument', async () => {
    const { session, log } = await loggedIn();
    expect(await session.userHasGroup('base.group_user')).to.equal(true);
    expect(await session.userHasGroup('base.group_system')).to.equal(false);
    const calls = (await log()).filter((l) => l.route.startsWith('/web/dataset'));
    expect(calls.map((c) => c.route)).to.deep.equal([`${CALL_KW_ROUTE}/res.users/has_group`, `${CALL_KW_ROUTE}/res.users/has_group`]);
    expect(calls[0]?.params).to.deep.include({ model: 'res.users', method: 'has_group', args: ['base.group_user'] });
  });

  it('caches the answer per group', async () => {
    const { session, log } = await loggedIn();
    const answers = await Promise.all([
      session.userHasGroup('base.group_user'),
      session.userHasGroup('base.group_user'),
      session.userHasGroup('base.group_system'),
    ]);
    expect(await session.userHasGroup('base.group_user')).to.equal(true);
    expect(await session.userHasGroup('base.group_system')).to.equal(false);
    expect(answers).to.deep.equal([true, true, false]);
    const asked = (await log()).filter((l) => l.route.endsWith('/has_group')).map((l) => (l.params?.args as string[])[0]);
    expect(asked).to.deep.equal(['base.group_user', 'base.group_system']);
  });

  it('does not cache a failed answer, and forgets the cache when the user changes', async () => {
    const { session, expire, log } = await loggedIn();
    await expire();
    await rejection(session.userHasGroup('base.group_user'));
    expect(await session.userHasGroup('base.group_user')).to.equal(false);
    await session.authenticate('testdb', 'admin', 'admin');
    expect(await session.userHasGroup('base.group_user')).to.equal(true);
    const asked = (await log()).filter((l) => l.route.endsWith('/has_group'));
    expect(asked).to.have.length(2);
  });
  it('lets a failure nobody handles reach the global rpc_error event', async () => {
    // The failure is left unhandled on purpose, in a frame of its own (support/own-realm.ts).
    const realm = ownRealm();
    try {
      const rpc = await realm.load<typeof RpcModule>('../../../src/platform/rpc/index.js', import.meta.url);
      const sessions = await realm.load<typeof SessionModule>('../../../src/platform/session/index.js', import.meta.url);
      const client = new rpc.RpcClient({ baseUrl: `/__test__/odoo/${crypto.randomUUID()}` });
      const session = new sessions.Session(client);
      await session.authenticate('testdb', 'admin', 'admin');
      await client.call('/__expire', {}, { silent: true });
      const reported: RpcErrorEvent[] = [];
      realm.window.addEventListener(rpc.RPC_ERROR_EVENT, (event) => {
        reported.push(event);
        event.preventDefault();
      });
      void session.userHasGroup('base.group_user');
      await waitUntil(() => reported.length > 0, 'the ignored failure was never reported');
      expect(reported[0]?.detail.code).to.equal(100);
    } finally {
      realm.remove();
    }
  });
});

describe('Session: dataset calls', () => {
  it('merges the user context into kwargs.context of call_kw, the call’s own keys winning', async () => {
    const { session, log } = await loggedIn();
    const answer = await session.callKw('res.partner', 'name_search', ['Mit'], { limit: 5, context: { tz: 'UTC', active_test: false } });
    expect(answer).to.deep.equal({ model: 'res.partner', method: 'name_search' });
    const call = (await log()).at(-1);
    expect(call?.route).to.equal(`${CALL_KW_ROUTE}/res.partner/name_search`);
    expect(call?.params).to.deep.equal({
      model: 'res.partner',
      method: 'name_search',
      args: ['Mit'],
      kwargs: { limit: 5, context: { lang: 'fr_FR', tz: 'UTC', uid: 2, active_test: false } },
    });
  });

  it('posts search_read with model, domain, fields, limit, offset, sort and context', async () => {
    const { session, log } = await loggedIn();
    const page = await session.searchRead<{ id: number; name: string }>({
      model: 'res.partner',
      domain: [['name', 'ilike', 'a']],
      fields: ['name'],
      limit: 2,
      offset: 0,
      sort: [{ name: 'name' }, { name: 'id', asc: false }],
      context: { active_test: false },
    });
    expect(page.length).to.equal(3);
    expect(page.records.map((r) => r.name)).to.deep.equal(['Alpha', 'Beta']);
    expect((await log()).at(-1)).to.deep.equal({
      method: 'POST',
      route: SEARCH_READ_ROUTE,
      params: {
        model: 'res.partner',
        domain: [['name', 'ilike', 'a']],
        fields: ['name'],
        limit: 2,
        offset: 0,
        sort: 'name ASC, id DESC',
        context: { lang: 'fr_FR', tz: 'Europe/Brussels', uid: 2, active_test: false },
      },
    });
  });

  it('calls read_group through call_kw with domain, fields, groupby, offset, limit, orderby, lazy and expand', async () => {
    const { session, log } = await loggedIn();
    const rows = await session.readGroup({
      model: 'mail.channel',
      domain: [['channel_type', '=', 'livechat']],
      fields: ['state'],
      groupby: ['state'],
      limit: 10,
      orderby: 'state desc',
      lazy: false,
      expand: true,
    });
    expect(rows).to.deep.equal([{ state: 'open', state_count: 4, __domain: [['state', '=', 'open']] }]);
    const call = (await log()).at(-1);
    expect(call?.route).to.equal(`${CALL_KW_ROUTE}/mail.channel/read_group`);
    expect(call?.params).to.deep.equal({
      model: 'mail.channel',
      method: 'read_group',
      args: [],
      kwargs: {
        domain: [['channel_type', '=', 'livechat']],
        fields: ['state'],
        groupby: ['state'],
        offset: 0,
        limit: 10,
        orderby: 'state desc',
        lazy: false,
        expand: true,
        context: { lang: 'fr_FR', tz: 'Europe/Brussels', uid: 2 },
      },
    });
  });
});
