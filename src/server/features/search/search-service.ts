import type { FastifyInstance } from 'fastify';
import { SEARCH_LIMITS, searchWords, type SearchFilterOptions, type SearchHit, type SearchResult } from '../../../protocol/console/search.js';
import type { SearchParams } from '../../../protocol/schemas/search.js';
import { statusAt } from '../../../protocol/conversation-status.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { searchKey } from '../../core/db/search-text.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { bodyToText } from '../../domain/conversations/index.js';
import type { FoundEntry, ItemText, SearchStore } from './search-store.js';
import { snippet } from './snippet.js';

/** A cursor: the last hit's date and entry id, base 36, so it says nothing a caller could use elsewhere. */
const CURSOR = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/;

/** The cursor after this entry. */
export function encodeCursor(entry: { created_at: number; id: number }): string {
  return `${entry.created_at.toString(36)}.${entry.id.toString(36)}`;
}

/** The position a cursor names; a malformed or forged one is refused as a parameter error. */
export function decodeCursor(cursor: string): { date: number; id: number } {
  const parts = CURSOR.exec(cursor);
  const date = parts ? parseInt(parts[1] as string, 36) : NaN;
  const id = parts ? parseInt(parts[2] as string, 36) : NaN;
  if (!Number.isSafeInteger(date) || !Number.isSafeInteger(id)) throw new InvalidParamError('cursor must be the next_cursor of a previous answer');
  return { date, id };
}

/** What a search does beyond the query: its words, the page, each hit's author, status and snippet. */
export class SearchService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly store: SearchStore,
  ) {}

  /** One page of the hits the operator may read, newest first. */
  async search(operator: OperatorRow, params: SearchParams): Promise<SearchResult> {
    const keys = [...new Set(searchWords(params.query).map(searchKey))];
    const limit = params.limit ?? SEARCH_LIMITS.pageMax;
    const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
    const now = this.app.clock.now();
    const found = await this.store.search(operator, {
      keys,
      ...(params.status === undefined ? {} : { status: params.status }),
      ...(params.channel_id === undefined ? {} : { channelId: toId(params.channel_id) }),
      ...(params.operator_id === undefined ? {} : { operatorId: toId(params.operator_id) }),
      ...(params.tag_id === undefined ? {} : { tagId: toId(params.tag_id) }),
      ...(params.from === undefined ? {} : { from: params.from }),
      ...(params.to === undefined ? {} : { to: params.to }),
      ...(after ? { after } : {}),
      // One more than the page: whether there is a next one.
      limit: limit + 1,
      now,
    });
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return { hits: await this.hits(page, keys, now), next_cursor: found.length > limit && last ? encodeCursor(last) : null };
  }

  /** The entries as hits, with their texts; one whose source vanished meanwhile is left out. */
  private async hits(entries: readonly FoundEntry[], keys: readonly string[], now: number): Promise<SearchHit[]> {
    const idsOf = (kind: FoundEntry['kind']) => entries.filter((e) => e.kind === kind && e.item_id !== null).map((e) => e.item_id as number);
    const byId = (rows: ItemText[]) => new Map(rows.map((r) => [r.id, r]));
    const [messages, notes, tags] = await Promise.all([this.store.messages(idsOf('message')).then(byId), this.store.notes(idsOf('note')).then(byId), this.store.tagNames(idsOf('tag'))]);
    const hits: SearchHit[] = [];
    for (const e of entries) {
      const label = visitorLabel({ id: e.session_id, anonymous_name: e.anonymous_name, name_given: e.name_given });
      const source = this.source(e, label, messages, notes, tags);
      if (!source) continue;
      hits.push({
        session_id: e.session_id,
        channel_id: e.channel_id,
        kind: e.kind,
        item_id: e.kind === 'message' || e.kind === 'note' ? e.item_id : null,
        date: e.created_at,
        author: source.author,
        visitor_label: label,
        status: statusAt(e, now),
        snippet: snippet(source.text, keys),
      });
    }
    return hits;
  }

  /** The plain text an entry indexed and who wrote it. */
  private source(e: FoundEntry, label: string, messages: Map<number, ItemText>, notes: Map<number, ItemText>, tags: Map<number, string>): { text: string; author: string } | undefined {
    const id = e.item_id ?? 0;
    if (e.kind === 'message') {
      const m = messages.get(id);
      return m && { text: bodyToText(m.body), author: m.author_name ?? label };
    }
    if (e.kind === 'note') {
      const n = notes.get(id);
      return n && { text: n.body, author: n.author_name ?? '' };
    }
    if (e.kind === 'tag') {
      const name = tags.get(id);
      return name === undefined ? undefined : { text: name, author: label };
    }
    return { text: [e.name_given === 1 ? e.anonymous_name : '', e.email ?? ''].filter((t) => t !== '').join(' · '), author: label };
  }

  /** The channels, operators and tags the operator may filter by: its channels' (every one for an admin). */
  async filterOptions(operator: OperatorRow): Promise<SearchFilterOptions> {
    const channelIds = operator.is_admin ? undefined : await this.app.store.operatorChannelIds(operator.id);
    const [channels, operators, tags] = await Promise.all([this.store.channels(channelIds), this.store.operators(channelIds), this.store.tags(channelIds)]);
    return { channels, operators, tags };
  }
}
