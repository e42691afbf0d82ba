/**
 * Console search on both engines: every kind of source found, folding (case, accents, Arabic), prefixes
 * and all-words, the index kept in step inside the writing transaction (a rolled-back message is never
 * found, deletions leave no hit), each filter, paging, who may find what, hostile input and the rate limit.
 * The same data gives the same answers on both engines: the expectations below are the same for each.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { ADD_CONVERSATION_TAG_ROUTE, DELETE_TAG_ROUTE, UPDATE_TAG_ROUTE, type ConversationTagInfo } from '../../../../src/protocol/console/tags.js';
import { SEARCH_FILTERS_ROUTE, SEARCH_LIMITS, SEARCH_ROUTE, type SearchFilterOptions, type SearchHit, type SearchResult } from '../../../../src/protocol/console/search.js';
import { indexedWords } from '../../../../src/server/core/db/search-text.js';

type Params = Record<string, unknown>;

const search = (h: Harness, cookie: string, params: Params) => h.call<SearchResult>(SEARCH_ROUTE, params, { cookie });
const kinds = (r: SearchResult) => r.hits.map((hit) => hit.kind);
const texts = (r: SearchResult) => r.hits.map((hit) => hit.snippet.text);
const errorType = async (h: Harness, params: unknown, cookie: string) => (await h.rpc(SEARCH_ROUTE, params, { cookie })).body.error?.data.exception_type;
/** The marked stretches of a hit's snippet. */
const marked = (hit: SearchHit) => hit.snippet.marks.map(([s, e]) => hit.snippet.text.slice(s, e));

/** A chat with a visitor who posts `lines` through the widget's real route, a second apart. */
async function chatWith(h: Harness, lines: string[], options: { name?: string } = {}) {
  const ctx = await h.visitorSession(options);
  const ids: number[] = [];
  for (const line of lines) {
    h.clock.advance(1000);
    ids.push(await h.call<number>(CHAT_POST_ROUTE, { uuid: ctx.session.uuid, message_content: line }));
  }
  return { ...ctx, ids };
}

/** Sets what the visitor told of themself, as the pre-chat form or a visitor token would. */
async function identify(h: Harness, sessionId: number, name: string, email: string | null) {
  await h.app.database.db.updateTable('visitor_session').set({ anonymous_name: name, name_given: 1, email }).where('id', '=', sessionId).execute();
}

/** A word no other test uses, so each test reads its own hits only. */
const unique = (stem: string) => `${stem}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

describeEachEngine('console search', (h) => {
  it('finds messages, notes, the visitor’s name and e-mail, and tags, with plain-text snippets', async () => {
    const word = unique('zebra');
    const chat = await chatWith(h, [`Hello, my ${word} is broken`, 'nothing here']);
    await identify(h, chat.session.id, `Jeanne ${word}`, `${word}@example.com`);
    h.clock.advance(1000);
    await h.call(POST_NOTE_ROUTE, { session_id: chat.session.id, text: `Note: call the ${word} owner` }, { cookie: chat.cookie });
    await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: chat.session.id, name: `${word} fan` }, { cookie: chat.cookie });

    const result = await search(h, chat.cookie, { query: word });
    assert.deepEqual(kinds(result).sort(), ['message', 'note', 'tag', 'visitor']);
    assert.deepEqual(kinds(result).slice(0, 2), ['note', 'message'], 'newest first; the visitor and the tag carry the conversation’s start');
    const message = result.hits.find((hit) => hit.kind === 'message') as SearchHit;
    assert.equal(message.snippet.text, `Hello, my ${word} is broken`);
    assert.deepEqual(marked(message), [word]);
    assert.equal(message.item_id, chat.ids[0]);
    assert.equal(message.session_id, chat.session.id);
    assert.equal(message.channel_id, chat.channel.id);
    assert.equal(message.author, `Jeanne ${word}`, 'a visitor’s message is signed with their label');
    assert.equal(message.status, 'open');
    const note = result.hits.find((hit) => hit.kind === 'note') as SearchHit;
    assert.equal(note.author, chat.operator.display_name);
    const visitor = result.hits.find((hit) => hit.kind === 'visitor') as SearchHit;
    assert.equal(visitor.snippet.text, `Jeanne ${word} · ${word}@example.com`);
    assert.deepEqual(marked(visitor), [word, word]);
    assert.equal(visitor.item_id, null);
    assert.equal((result.hits.find((hit) => hit.kind === 'tag') as SearchHit).snippet.text, `${word} fan`);
    assert.equal(result.next_cursor, null);
    assert.equal((await search(h, chat.cookie, { query: 'example.com' })).hits.length >= 1, true, 'the e-mail’s parts are words');
  });

  it('folds case and accents, finds Arabic, matches word prefixes and needs every word', async () => {
    const tag = unique('q');
    const chat = await chatWith(h, [`CAFÉ crème ${tag}`, `un cafe noir ${tag}`, `مرحبا بكم في المتجر ${tag}`, `e\u0301te\u0301 ${tag} ﬁne`]);
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `café ${tag}` })), [`un cafe noir ${tag}`, `CAFÉ crème ${tag}`]);
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `CAFE ${tag}` })), [`un cafe noir ${tag}`, `CAFÉ crème ${tag}`]);
    const arabic = await search(h, chat.cookie, { query: `المتجر ${tag}` });
    assert.deepEqual(texts(arabic), [`مرحبا بكم في المتجر ${tag}`]);
    assert.deepEqual(marked(arabic.hits[0] as SearchHit), ['المتجر', tag]);
    assert.equal((await search(h, chat.cookie, { query: `مرح ${tag}` })).hits.length, 1, 'an Arabic prefix');
    const prefix = await search(h, chat.cookie, { query: `cre ${tag.slice(0, 4)}` });
    assert.deepEqual(texts(prefix), [`CAFÉ crème ${tag}`]);
    assert.deepEqual(marked(prefix.hits[0] as SearchHit), ['crè', tag.slice(0, 4)], 'the marks cover the original letters, accents and all');
    const decomposed = await search(h, chat.cookie, { query: `ETE fine ${tag}` });
    assert.equal(decomposed.hits.length, 1, 'text typed with combining accents and a ligature');
    assert.deepEqual(marked(decomposed.hits[0] as SearchHit), ['e\u0301te\u0301', tag, 'ﬁne']);
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `cafe crème noir ${tag}` })), [], 'every word must match');
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `afe ${tag}` })), [], 'the middle of a word does not match');
    assert.deepEqual(await search(h, chat.cookie, { query: '!!! ... ---' }), { hits: [], next_cursor: null }, 'no word, no hit');
  });

  it('indexes a message’s text, not its markup: HTML never reaches a snippet as markup', async () => {
    const tag = unique('markup');
    const chat = await chatWith(h, [`<script>alert("${tag}")</script> & <b>bold</b>`]);
    const result = await search(h, chat.cookie, { query: tag });
    assert.equal(result.hits[0]?.snippet.text, `<script>alert("${tag}")</script> & <b>bold</b>`, 'the visitor’s typed text, as text');
    assert.deepEqual(await search(h, chat.cookie, { query: `lt ${tag}` }), { hits: [], next_cursor: null }, 'escaping is not indexed');
    await h.app.store.insertMessage({ session_id: chat.session.id, body: `<p>first ${tag}</p><p>second<br/>line <a href="https://shop.example/${tag}x">link</a></p>`, author_operator_id: chat.operator.id }, h.clock.now() + 5000);
    const operator = await search(h, chat.cookie, { query: `first second ${tag}` });
    assert.equal(operator.hits[0]?.snippet.text, `first ${tag} second line link`);
    assert.equal(operator.hits[0]?.author, chat.operator.display_name);
    assert.deepEqual(await search(h, chat.cookie, { query: `href ${tag}` }), { hits: [], next_cursor: null }, 'attributes are not words of the text');
    const long = `${'lorem ipsum '.repeat(30)}${tag} ${'dolor sit '.repeat(30)}`;
    await h.call(CHAT_POST_ROUTE, { uuid: chat.session.uuid, message_content: long });
    const hit = (await search(h, chat.cookie, { query: `${tag} dolor` })).hits[0] as SearchHit;
    assert.ok(hit.snippet.text.length <= SEARCH_LIMITS.snippetMax);
    assert.ok(hit.snippet.text.startsWith('…') && hit.snippet.text.endsWith('…'));
    assert.equal(marked(hit)[0], tag, 'the window is around the first match');
  });

  it('keeps the index in the writer’s transaction: found at once, never after a rollback; deletions leave no hit', async () => {
    const tag = unique('sync');
    const chat = await chatWith(h, [`posted ${tag}`]);
    assert.equal((await search(h, chat.cookie, { query: tag })).hits.length, 1, 'a message posted through the route is found right after');

    const db = h.app.database.db;
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('message').values({ session_id: chat.session.id, body: `<p>rolled ${tag}</p>`, author_operator_id: null, message_type: 'comment', created_at: h.clock.now() }).returning('id').executeTakeFirstOrThrow();
        const entries = await sql<{ n: number | string }>`select count(*) as n from search_entry where kind = 'message' and item_id = ${row.id}`.execute(trx);
        assert.equal(Number(entries.rows[0]?.n), 1, 'indexed inside the transaction');
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `rolled ${tag}` })), []);

    await h.call(POST_NOTE_ROUTE, { session_id: chat.session.id, text: `note ${tag}` }, { cookie: chat.cookie });
    const tagged = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: chat.session.id, name: `label${tag}` }, { cookie: chat.cookie });
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(UPDATE_TAG_ROUTE, { tag_id: tagged.id, name: `renamed${tag}` }, { cookie: admin });
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `label${tag}` })), [], 'a renamed tag is not found by its old name');
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `renamed${tag}` })), [`renamed${tag}`]);
    await h.call(DELETE_TAG_ROUTE, { tag_id: tagged.id }, { cookie: admin });
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `renamed${tag}` })), [], 'a deleted tag leaves no hit');
    await identify(h, chat.session.id, `Name${tag}`, null);
    await identify(h, chat.session.id, 'Other Name', null);
    assert.deepEqual(texts(await search(h, chat.cookie, { query: `name${tag}` })), [], 'a changed name is not found by the old one');

    // What the retention job does: messages, then the conversation (notes, tags go with it).
    await db.deleteFrom('message').where('session_id', '=', chat.session.id).execute();
    assert.deepEqual(kinds(await search(h, chat.cookie, { query: tag })), ['note']);
    await db.deleteFrom('visitor_session').where('id', '=', chat.session.id).execute();
    assert.deepEqual(await search(h, admin, { query: tag }), { hits: [], next_cursor: null });
    const stale = await sql<{ n: number | string }>`select count(*) as n from search_entry where session_id = ${chat.session.id}`.execute(db);
    assert.equal(Number(stale.rows[0]?.n), 0);
  });

  it('indexes more things written in one millisecond than the index has slots for, newest first all the same', async () => {
    const tag = unique('burst');
    const chat = await chatWith(h, []);
    const at = h.clock.now() + 10_000;
    const rows = Array.from({ length: 1100 }, (_, i) => ({ session_id: chat.session.id, body: `<p>${tag} ${i}</p>`, author_operator_id: null, message_type: 'comment' as const, created_at: at }));
    for (let i = 0; i < rows.length; i += 250) await h.app.database.db.insertInto('message').values(rows.slice(i, i + 250)).execute();
    await h.app.store.insertMessage({ session_id: chat.session.id, body: `<p>${tag} later</p>`, author_operator_id: null }, at + 1);
    const entries = await sql<{ n: number | string }>`select count(*) as n from search_entry where session_id = ${chat.session.id} and kind = 'message'`.execute(h.app.database.db);
    assert.equal(Number(entries.rows[0]?.n), 1101);
    const first = await search(h, chat.cookie, { query: tag, limit: 3 });
    assert.equal(first.hits[0]?.snippet.text, `${tag} later`);
    assert.equal(first.hits.length, 3);
  });

  it('filters by status, channel, operator, tag and date, and pages with a cursor', async () => {
    const tag = unique('filter');
    const a = await chatWith(h, [`one ${tag}`, `two ${tag}`, `three ${tag}`]);
    const b = await chatWith(h, [`four ${tag}`]);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const db = h.app.database.db;
    await db.updateTable('visitor_session').set({ closed_at: h.clock.now() }).where('id', '=', a.session.id).execute();
    await db.updateTable('visitor_session').set({ status: 'snoozed', snoozed_until: h.clock.now() + 3_600_000 }).where('id', '=', b.session.id).execute();
    const ids = async (params: Params) => (await search(h, admin, { query: tag, ...params })).hits.map((hit) => hit.item_id);
    assert.deepEqual(await ids({ status: 'resolved' }), [...a.ids].reverse());
    assert.deepEqual(await ids({ status: 'snoozed' }), b.ids);
    assert.deepEqual(await ids({ status: 'open' }), []);
    h.clock.advance(3_600_000);
    assert.deepEqual(await ids({ status: 'open' }), b.ids, 'an expired snooze is open again');
    assert.deepEqual(await ids({ status: 'waiting' }), []);
    assert.deepEqual(await ids({ channel_id: b.channel.id }), b.ids);
    assert.deepEqual(await ids({ channel_id: String(a.channel.id) }), [...a.ids].reverse());
    assert.deepEqual(await ids({ operator_id: b.operator.id }), b.ids);
    const labelled = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: a.session.id, name: 'Important' }, { cookie: a.cookie });
    assert.deepEqual(await ids({ tag_id: labelled.id }), [...a.ids].reverse());
    const second = await db.selectFrom('message').select('created_at').where('id', '=', a.ids[1] as number).executeTakeFirstOrThrow();
    assert.deepEqual(await ids({ from: Number(second.created_at) }), [b.ids[0], a.ids[2], a.ids[1]]);
    assert.deepEqual(await ids({ to: Number(second.created_at) }), [a.ids[0]]);

    const pages: (number | null)[][] = [];
    let cursor: string | null | undefined;
    do {
      const page: SearchResult = await search(h, admin, { query: tag, limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.hits.map((hit) => hit.item_id));
      cursor = page.next_cursor;
      assert.ok(cursor === null || cursor.length <= 64);
    } while (cursor);
    assert.deepEqual(pages, [[b.ids[0], a.ids[2]], [a.ids[1], a.ids[0]]]);
  });

  it('finds only what the operator may read: not another channel’s, not a colleague’s chat; offline messages of its channels', async () => {
    const tag = unique('access');
    const mine = await chatWith(h, [`mine ${tag}`]);
    const theirs = await chatWith(h, [`theirs ${tag}`]);
    await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: theirs.session.id, name: 'Secret' }, { cookie: theirs.cookie });
    const mate = await h.app.store.createOperator({ login: `mate-${tag}`, display_name: 'Mate', email: null, password: 'mate-pw' });
    await h.app.store.addChannelOperator(mine.channel.id, mate.id);
    const mateCookie = await h.login(`mate-${tag}`, 'mate-pw');
    const offline = await h.app.database.db
      .insertInto('visitor_session')
      .values({ uuid: randomUUID(), channel_id: mine.channel.id, operator_id: null, anonymous_name: 'Ann', name: 'Ann', created_at: h.clock.now(), origin: 'offline' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.app.store.insertMessage({ session_id: offline.id, body: `<p>offline ${tag}</p>`, author_operator_id: null }, h.clock.now() + 1);

    assert.deepEqual(texts(await search(h, mine.cookie, { query: tag })), [`offline ${tag}`, `mine ${tag}`]);
    assert.deepEqual(texts(await search(h, mateCookie, { query: tag })), [`offline ${tag}`], 'a colleague’s chat stays theirs');
    assert.deepEqual(texts(await search(h, mine.cookie, { query: tag, channel_id: theirs.channel.id })), [], 'another channel’s id matches nothing');
    assert.deepEqual(texts(await search(h, mine.cookie, { query: tag, operator_id: theirs.operator.id })), []);
    assert.equal((await search(h, await h.login('admin', ADMIN_PASSWORD), { query: tag })).hits.length, 3, 'an admin reads every conversation');

    const options = await h.call<SearchFilterOptions>(SEARCH_FILTERS_ROUTE, {}, { cookie: mine.cookie });
    assert.deepEqual(options.channels, [{ id: mine.channel.id, name: mine.channel.name }]);
    assert.deepEqual(options.operators.map((o) => o.id).sort(), [mine.operator.id, mate.id].sort());
    assert.deepEqual(options.tags, []);
    const all = await h.call<SearchFilterOptions>(SEARCH_FILTERS_ROUTE, {}, { cookie: await h.login('admin', ADMIN_PASSWORD) });
    assert.ok(all.tags.some((t) => t.name === 'Secret') && all.channels.some((c) => c.id === theirs.channel.id));

    const visitor = await h.rpc(SEARCH_ROUTE, { query: tag, uuid: mine.session.uuid });
    assert.equal(visitor.body.error?.code, 100, 'a visitor never reaches search');
    assert.equal((await h.rpc(SEARCH_FILTERS_ROUTE, {})).body.error?.code, 100);
  });

  it('refuses hostile input clearly', async () => {
    const { cookie } = await h.visitorSession();
    const bad: unknown[] = [
      { query: '' },
      { query: 'x'.repeat(SEARCH_LIMITS.queryMax + 1) },
      { query: 42 },
      { query: ['a'] },
      { query: 'a\u0000b' },
      { query: 'bell\u0007' },
      { query: 'a', limit: SEARCH_LIMITS.pageMax + 1 },
      { query: 'a', limit: 1e9 },
      { query: 'a', limit: 0 },
      { query: 'a', status: 'deleted' },
      { query: 'a', channel_id: -1 },
      { query: 'a', tag_id: '1; drop table message' },
      { query: 'a', from: 'yesterday' },
      { query: 'a', cursor: 'x'.repeat(65) },
      { query: 'a', cursor: '__proto__' },
      { query: 'a', cursor: 'zzzzzzzzzzzz.1' },
      { query: 'a', cursor: '1.-1' },
      { query: 'a', cursor: '' },
    ];
    for (const params of bad) assert.equal(await errorType(h, params, cookie), 'validation_error', JSON.stringify(params));
    for (const body of ['{"__proto__": {"query": "a"}, "query": "a"}', '{"constructor": {"prototype": {"query": "a"}}, "query": "a"}']) {
      assert.equal(await errorType(h, JSON.parse(body), cookie), 'validation_error', body);
    }
    const extra = await h.rpc(SEARCH_ROUTE, { constructor: { query: 'a' }, query: 'a' }, { cookie });
    assert.deepEqual(extra.body.result, { hits: [], next_cursor: null }, 'an unknown key is dropped');
    assert.equal((Object.prototype as Record<string, unknown>).query, undefined, 'and pollutes nothing');
    const words = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    assert.deepEqual(await search(h, cookie, { query: words }), { hits: [], next_cursor: null }, 'many words: the first ones count');
    assert.deepEqual(await search(h, cookie, { query: `"quoted" 'it''s' a*b AND OR NOT (x) : \\` }), { hits: [], next_cursor: null }, 'query syntax of neither engine leaks through');
  });

  it('gives the same words as PostgreSQL’s function would for tricky text', async () => {
    if (h.engine !== 'postgres') return;
    const samples = ['Ὀδυσσεύς ΟΔΟΣ', 'ŒUVRE Æsir Ørsted ﬁnal', 'مَرْحَبًا بِكُم', 'İstanbul straße ẞ', '١٢٣ ½ ²', 'x'.repeat(80), '<p>a&amp;b &lt;i&gt;</p>', 'résumé—naïve…', 'emoji 🎉 text'];
    for (const text of samples) {
      for (const html of [false, true]) {
        const row = await sql<{ v: string }>`select array_to_string(tsvector_to_array(lc_search_vector(${text}, ${html})), ' ') as v`.execute(h.app.database.db);
        assert.deepEqual((row.rows[0]?.v ?? '').split(' ').filter(Boolean).sort(), indexedWords(text, html).split(' ').filter(Boolean).sort(), text);
      }
    }
  });
},
  // Every test searches from the same address: the limit has its own suite below.
  { RATE_LIMIT_SEARCH: '100000' },
);

describeEachEngine(
  'console search rate limit',
  (h) => {
    it('an operator’s 4th search a minute is refused', async () => {
      const { cookie } = await h.visitorSession();
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await h.rpc(SEARCH_ROUTE, { query: `w${i}` }, { cookie })).res.statusCode);
      assert.equal(codes.slice(0, 3).join(), '200,200,200');
      assert.notEqual(codes[3], 200);
    });
  },
  { RATE_LIMIT_SEARCH: '3' },
);
