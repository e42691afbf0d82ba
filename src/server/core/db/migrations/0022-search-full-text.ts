import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { SQLITE_WORDS_FUNCTION as WORDS, createPostgresSearchFunctions } from '../search-text.js';

/**
 * Console search (features/search): one `search_entry` row per searchable thing — a message (its text,
 * not its HTML), a note, a conversation's visitor (the name they gave and their e-mail), a tag on a
 * conversation — with its conversation and date. Its words live in SQLite's FTS5 table `search_fts`
 * (contentless, same rowid, a prefix index) or in PostgreSQL's `vector` column under a GIN index. Triggers
 * on the source tables keep it in step inside the writing transaction: a rolled-back message leaves no
 * entry, a deleted one (retention, a deleted tag, a renamed one) no stale hit. Existing rows are indexed here.
 */
export function searchFullText(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = engine === 'postgres';
      let table = db.schema
        .createTable('search_entry')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        // The message, note or tag; null for the visitor.
        .addColumn('item_id', 'integer')
        .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull());
      if (pg) table = table.addColumn('vector', sql`tsvector`, (c) => c.notNull());
      await table.execute();
      await db.schema.createIndex('search_entry_item_idx').on('search_entry').columns(['kind', 'item_id']).execute();
      await db.schema.createIndex('search_entry_session_idx').on('search_entry').columns(['session_id', 'kind']).execute();
      await db.schema.createIndex('search_entry_date_idx').on('search_entry').columns(['created_at', 'id']).execute();
      // The operator filter: the conversations an operator wrote in.
      await db.schema.createIndex('search_message_author_idx').on('message').columns(['author_operator_id', 'session_id']).execute();
      if (pg) await postgresUp(db);
      else await sqliteUp(db);
    },
  };
}

/** Entry ids a millisecond has on SQLite: ids are `created_at × SLOTS + n`, so their order is the dates'. */
const SLOTS = 1024;

/**
 * SQLite's entry id for a date (an SQL expression): the millisecond's next free slot, so FTS5, which
 * walks its matches in rowid order, yields the newest first and a page stops after its last hit instead
 * of sorting every match. Past the slots (over 1,024 entries in one millisecond) null: SQLite then gives
 * the next id after every other, unique still, sorted as newer than it is. SQLite has one writer at a
 * time, so two transactions never take the same slot.
 */
function entryId(date: string): string {
  const first = `(${date}) * ${SLOTS}`;
  return `(select case when coalesce(max(id) + 1, ${first}) < ${first} + ${SLOTS} then coalesce(max(id) + 1, ${first}) end from search_entry where id >= ${first} and id < ${first} + ${SLOTS})`;
}

/** SQLite: the FTS5 table, the triggers, the backfill (entry ids follow dates, see {@link entryId}). */
async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  // The words come already folded and space-separated (search-text.ts), so the ascii tokenizer splits
  // exactly there and no Unicode table of SQLite's own can disagree with PostgreSQL's.
  await sql`create virtual table search_fts using fts5(words, tokenize = 'ascii', prefix = '2 3 4', content = '', contentless_delete = 1, detail = 'none')`.execute(db);
  // The index's words, so the search can name the words a longer prefix stands for (features/search).
  await sql`create virtual table search_vocab using fts5vocab(search_fts, 'row')`.execute(db);
  const entry = (kind: string, item: string, session: string, date: string, text: string, html: 0 | 1, when = '1') => `
    insert into search_entry (id, kind, item_id, session_id, created_at) select ${entryId(date)}, '${kind}', ${item}, ${session}, ${date} where ${when};
    insert into search_fts (rowid, words) select last_insert_rowid(), ${WORDS}(${text}, ${html}) where ${when};`;
  const visitorText = `(case when new.name_given = 1 then new.anonymous_name else '' end) || ' ' || coalesce(new.email, '')`;
  const visitorWhen = `new.name_given = 1 or new.email is not null`;
  const statements = [
    `create trigger search_entry_delete after delete on search_entry begin delete from search_fts where rowid = old.id; end`,
    `create trigger search_message_insert after insert on message begin ${entry('message', 'new.id', 'new.session_id', 'new.created_at', 'new.body', 1, `new.message_type = 'comment'`)} end`,
    `create trigger search_message_update after update of body, message_type on message begin
       delete from search_entry where kind = 'message' and item_id = old.id;
       ${entry('message', 'new.id', 'new.session_id', 'new.created_at', 'new.body', 1, `new.message_type = 'comment'`)} end`,
    `create trigger search_message_delete after delete on message begin delete from search_entry where kind = 'message' and item_id = old.id; end`,
    `create trigger search_note_insert after insert on note begin ${entry('note', 'new.id', 'new.session_id', 'new.created_at', 'new.body', 0)} end`,
    `create trigger search_note_update after update of body on note begin
       delete from search_entry where kind = 'note' and item_id = old.id;
       ${entry('note', 'new.id', 'new.session_id', 'new.created_at', 'new.body', 0)} end`,
    `create trigger search_note_delete after delete on note begin delete from search_entry where kind = 'note' and item_id = old.id; end`,
    `create trigger search_visitor_insert after insert on visitor_session begin ${entry('visitor', 'null', 'new.id', 'new.created_at', visitorText, 0, visitorWhen)} end`,
    // Only when what is indexed changed: the row is updated often (status, seen message, close).
    `create trigger search_visitor_update after update of anonymous_name, name_given, email on visitor_session
       when old.anonymous_name is not new.anonymous_name or old.name_given is not new.name_given or old.email is not new.email begin
       delete from search_entry where kind = 'visitor' and session_id = old.id;
       ${entry('visitor', 'null', 'new.id', 'new.created_at', visitorText, 0, visitorWhen)} end`,
    `create trigger search_tagging_insert after insert on conversation_tagging begin
       insert into search_entry (id, kind, item_id, session_id, created_at) select ${entryId('s.created_at')}, 'tag', new.tag_id, new.session_id, s.created_at from visitor_session s where s.id = new.session_id;
       insert into search_fts (rowid, words) select last_insert_rowid(), ${WORDS}(t.name, 0) from conversation_tag t where t.id = new.tag_id; end`,
    `create trigger search_tagging_delete after delete on conversation_tagging begin
       delete from search_entry where kind = 'tag' and item_id = old.tag_id and session_id = old.session_id; end`,
    `create trigger search_tag_rename after update of name on conversation_tag when old.name is not new.name begin
       delete from search_fts where rowid in (select id from search_entry where kind = 'tag' and item_id = new.id);
       insert into search_fts (rowid, words) select id, ${WORDS}(new.name, 0) from search_entry where kind = 'tag' and item_id = new.id; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Row numbers past the millisecond's slots leave the id to SQLite: inserted last, they follow every other.
  await sql
    .raw(
      `insert into search_entry (id, kind, item_id, session_id, created_at)
       select case when n < ${SLOTS} then created_at * ${SLOTS} + n end, kind, item_id, session_id, created_at
       from (select *, row_number() over (partition by created_at order by ord, item_id) - 1 as n from (${backfillSelect.replace('select kind, item_id, session_id, created_at from', 'select * from')}) as a) as b
       order by n >= ${SLOTS}, created_at, n`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into search_fts (rowid, words) select e.id, case e.kind
         when 'message' then ${WORDS}((select body from message where id = e.item_id), 1)
         when 'note' then ${WORDS}((select body from note where id = e.item_id), 0)
         when 'tag' then ${WORDS}((select name from conversation_tag where id = e.item_id), 0)
         else (select ${WORDS}((case when s.name_given = 1 then s.anonymous_name else '' end) || ' ' || coalesce(s.email, ''), 0) from visitor_session s where s.id = e.session_id) end
       from search_entry e`,
    )
    .execute(db);
}

/** What exists already, as entries: `ord` only orders the kinds of one date. */
const backfillSelect = `select kind, item_id, session_id, created_at from (
  select 'message' as kind, id as item_id, session_id, created_at, 0 as ord from message where message_type = 'comment'
  union all select 'note', id, session_id, created_at, 1 from note
  union all select 'visitor', null, id, created_at, 2 from visitor_session where name_given = 1 or email is not null
  union all select 'tag', g.tag_id, g.session_id, s.created_at, 3 from conversation_tagging g join visitor_session s on s.id = g.session_id
) as existing`;

/** PostgreSQL: the folding function, the GIN index, one trigger function per source table, the backfill. */
async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await createPostgresSearchFunctions(db);
  await sql`create index search_entry_vector_idx on search_entry using gin (vector)`.execute(db);
  const visitorText = `(case when new.name_given = 1 then new.anonymous_name else '' end) || ' ' || coalesce(new.email, '')`;
  const sync = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $fn$ begin ${body} return null; end $fn$`;
  const statements = [
    sync(
      'lc_search_message_sync',
      `if tg_op <> 'INSERT' then delete from search_entry where kind = 'message' and item_id = old.id; end if;
       if tg_op <> 'DELETE' and new.message_type = 'comment' then
         insert into search_entry (kind, item_id, session_id, created_at, vector) values ('message', new.id, new.session_id, new.created_at, lc_search_vector(new.body, true));
       end if;`,
    ),
    `create trigger search_message_sync after insert or delete or update of body, message_type on message for each row execute function lc_search_message_sync()`,
    sync(
      'lc_search_note_sync',
      `if tg_op <> 'INSERT' then delete from search_entry where kind = 'note' and item_id = old.id; end if;
       if tg_op <> 'DELETE' then
         insert into search_entry (kind, item_id, session_id, created_at, vector) values ('note', new.id, new.session_id, new.created_at, lc_search_vector(new.body, false));
       end if;`,
    ),
    `create trigger search_note_sync after insert or delete or update of body on note for each row execute function lc_search_note_sync()`,
    sync(
      'lc_search_visitor_sync',
      `if tg_op = 'UPDATE' then
         if old.anonymous_name is not distinct from new.anonymous_name and old.name_given is not distinct from new.name_given and old.email is not distinct from new.email then return null; end if;
         delete from search_entry where kind = 'visitor' and session_id = old.id;
       end if;
       if new.name_given = 1 or new.email is not null then
         insert into search_entry (kind, item_id, session_id, created_at, vector) values ('visitor', null, new.id, new.created_at, lc_search_vector(${visitorText}, false));
       end if;`,
    ),
    `create trigger search_visitor_sync after insert or update of anonymous_name, name_given, email on visitor_session for each row execute function lc_search_visitor_sync()`,
    sync(
      'lc_search_tagging_sync',
      `if tg_op = 'DELETE' then delete from search_entry where kind = 'tag' and item_id = old.tag_id and session_id = old.session_id; return null; end if;
       insert into search_entry (kind, item_id, session_id, created_at, vector)
         select 'tag', new.tag_id, new.session_id, s.created_at, lc_search_vector(t.name, false) from visitor_session s, conversation_tag t where s.id = new.session_id and t.id = new.tag_id;`,
    ),
    `create trigger search_tagging_sync after insert or delete on conversation_tagging for each row execute function lc_search_tagging_sync()`,
    sync('lc_search_tag_rename', `update search_entry set vector = lc_search_vector(new.name, false) where kind = 'tag' and item_id = new.id;`),
    `create trigger search_tag_rename after update of name on conversation_tag for each row when (old.name is distinct from new.name) execute function lc_search_tag_rename()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql
    .raw(
      `insert into search_entry (kind, item_id, session_id, created_at, vector)
       select e.kind, e.item_id, e.session_id, e.created_at, case e.kind
         when 'message' then lc_search_vector((select body from message where id = e.item_id), true)
         when 'note' then lc_search_vector((select body from note where id = e.item_id), false)
         when 'tag' then lc_search_vector((select name from conversation_tag where id = e.item_id), false)
         else (select lc_search_vector((case when s.name_given = 1 then s.anonymous_name else '' end) || ' ' || coalesce(s.email, ''), false) from visitor_session s where s.id = e.session_id) end
       from (${backfillSelect} order by created_at, ord, item_id) as e`,
    )
    .execute(db);
}
