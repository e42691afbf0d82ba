/**
 * Who may read and change which canned reply, and what a valid one is. An operator reads its own replies
 * and the shared ones of its channels (an administrator: of every channel); it changes its own, and an
 * administrator a channel's shared ones. A reply the caller may not read is answered as missing.
 */
import {
  CANNED_REPLIES_PER_SCOPE,
  CANNED_VARIABLES,
  unknownVariables,
  type CannedReply,
  type CannedReplyList,
} from '../../../protocol/canned-replies.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import type { Store } from '../../domain/store/index.js';
import type { CannedReplyRow, CannedScope, KyselyCannedReplyStore } from './canned-reply-store.js';

/** The reply does not exist, or the caller may not read it. */
export class CannedReplyNotFoundError extends RpcError {
  constructor() {
    super('This canned reply does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The caller reads the reply but may not change it. */
export class CannedReplyAccessError extends RpcError {
  constructor() {
    super('Only administrators may change a channel’s shared replies', 'access_error', undefined, 'livechat.AccessError');
  }
}

/** The shortcut once stored: case and Unicode form do not make two shortcuts different. */
export function normalShortcut(raw: string): string {
  return raw.normalize('NFC').toLowerCase();
}

/** The text once stored (trimmed), refused when it names a variable that does not exist. */
export function checkedText(raw: string): string {
  const unknown = unknownVariables(raw);
  if (unknown.length > 0) {
    const list = CANNED_VARIABLES.map((v) => `{{${v}}}`).join(', ');
    throw new InvalidParamError(`Unknown variable {{${unknown[0]}}}: the variables are ${list}`);
  }
  return raw.trim();
}

/** The canned replies' rules over their store and the domain's. */
export class CannedReplyService {
  constructor(
    private readonly replies: KyselyCannedReplyStore,
    private readonly store: Store,
  ) {}

  /** The channels whose shared replies the operator reads. */
  async readableChannels(operator: OperatorRow): Promise<CannedReplyList['channels']> {
    const all = await this.store.listChannels();
    if (operator.is_admin) return all.map((c) => ({ id: c.id, name: c.name }));
    const mine = new Set(await this.store.operatorChannelIds(operator.id));
    return all.filter((c) => mine.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
  }

  async list(operator: OperatorRow): Promise<CannedReplyList> {
    const channels = await this.readableChannels(operator);
    const rows = await this.replies.list(operator.id, channels.map((c) => c.id));
    return { replies: rows.map((r) => this.view(operator, r)), channels };
  }

  /** A reply the operator reads, for a change: refused when it may not change it. */
  async editable(operator: OperatorRow, id: number): Promise<CannedReplyRow> {
    const row = await this.replies.get(id);
    if (!row) throw new CannedReplyNotFoundError();
    if (row.operator_id === operator.id) return row;
    if (row.channel_id === null) throw new CannedReplyNotFoundError();
    const readable = (await this.readableChannels(operator)).some((c) => c.id === row.channel_id);
    if (!readable) throw new CannedReplyNotFoundError();
    if (!operator.is_admin) throw new CannedReplyAccessError();
    return row;
  }

  /** The scope a new reply goes to: the operator's own, or (administrators) an existing channel's. */
  async scopeFor(operator: OperatorRow, channelId: number | undefined): Promise<CannedScope> {
    if (channelId === undefined) return { operatorId: operator.id };
    if (!operator.is_admin) throw new CannedReplyAccessError();
    if (!(await this.store.getChannel(channelId))) throw new RpcError('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
    return { channelId };
  }

  async create(operator: OperatorRow, scope: CannedScope, shortcut: string, text: string, now: number): Promise<CannedReply> {
    const [short, body] = [normalShortcut(shortcut), checkedText(text)];
    if ((await this.replies.count(scope)) >= CANNED_REPLIES_PER_SCOPE) throw new RpcError(`At most ${CANNED_REPLIES_PER_SCOPE} canned replies in one place`, 'user_error');
    await this.refuseTaken(scope, short);
    return this.view(operator, await this.replies.create(scope, short, body, now));
  }

  async update(operator: OperatorRow, row: CannedReplyRow, shortcut: string, text: string, now: number): Promise<CannedReply> {
    const [short, body] = [normalShortcut(shortcut), checkedText(text)];
    await this.refuseTaken(scopeOf(row), short, row.id);
    const saved = await this.replies.update(row.id, short, body, now);
    if (!saved) throw new CannedReplyNotFoundError();
    return this.view(operator, saved);
  }

  async remove(row: CannedReplyRow): Promise<void> {
    await this.replies.remove(row.id);
  }

  private async refuseTaken(scope: CannedScope, shortcut: string, exceptId?: number): Promise<void> {
    if (await this.replies.taken(scope, shortcut, exceptId)) throw new InvalidParamError(`The shortcut /${shortcut} is already used here`);
  }

  private view(operator: OperatorRow, row: CannedReplyRow): CannedReply {
    const editable = row.operator_id === operator.id || (row.channel_id !== null && Boolean(operator.is_admin));
    return { id: row.id, channel_id: row.channel_id, shortcut: row.shortcut, text: row.text, editable };
  }
}

/** The scope a stored reply belongs to. */
function scopeOf(row: CannedReplyRow): CannedScope {
  return row.channel_id !== null ? { channelId: row.channel_id } : { operatorId: row.operator_id ?? 0 };
}
