/**
 * The posting side: 20 visitors and one operator, each posting one message at a time with a
 * `post_key`, and retrying a post that timed out or failed against either process with the same key
 * until it is answered (acknowledged). Every post carries a token of its own in its text.
 */
import { randomBytes } from 'node:crypto';
import { call, type Conversation, type OperatorLogin } from './client.js';
import type { Slot } from './fleet.js';
import type { Timeline } from './timeline.js';

export interface Attempt {
  at: number;
  server: string;
  outcome: string;
}

export interface Post {
  /** `v07` (the 7th visitor) or `op`. */
  author: string;
  /** 1, 2, …: the order this author posted in. */
  seq: number;
  token: string;
  key: string;
  sessionId: number;
  attempts: Attempt[];
  ackedId?: number;
  ackedAt?: number;
  /** The server answered `false` (the conversation unknown or closed). */
  refused?: boolean;
}

/** How long a client waits for an answer before it retries. */
const POST_TIMEOUT_MS = 8000;
/** `tok-v07-12-a1b2c3`: what the checker looks for in message bodies. */
export const TOKEN_PATTERN = /tok-(v\d\d|op)-(\d+)-[0-9a-f]{6}/;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number): number => min + Math.random() * (max - min);

export class Workload {
  readonly posts: Post[] = [];
  #posting = true;
  readonly #abort = new AbortController();

  constructor(
    private readonly slots: Slot[],
    private readonly conversations: Conversation[],
    private readonly operator: OperatorLogin,
    private readonly timeline: Timeline,
  ) {}

  /** Runs every poster until {@link stopPosting} and their last posts are answered (or {@link abort}). */
  run(): Promise<void> {
    const visitors = this.conversations.map((c, i) => this.#visitor(`v${String(i + 1).padStart(2, '0')}`, c));
    return Promise.all([...visitors, this.#operatorLoop()]).then(() => undefined);
  }

  /** No new posts; the ones in flight go on retrying. */
  stopPosting(): void {
    this.#posting = false;
  }

  /** Stops retrying too. */
  abort(): void {
    this.#posting = false;
    this.#abort.abort();
  }

  /** Posts neither acknowledged nor refused. */
  unanswered(): Post[] {
    return this.posts.filter((p) => p.ackedId === undefined && !p.refused);
  }

  /** Attempts beyond the first of each post. */
  retries(): number {
    return this.posts.reduce((n, p) => n + Math.max(0, p.attempts.length - 1), 0);
  }

  async #visitor(author: string, conversation: Conversation): Promise<void> {
    await sleep(between(0, 2000));
    for (let seq = 1; this.#posting; seq++) {
      const post = this.#newPost(author, seq, conversation.sessionId);
      await this.#deliver(post, { uuid: conversation.uuid });
      await sleep(between(1000, 4000));
    }
  }

  async #operatorLoop(): Promise<void> {
    for (let seq = 1; this.#posting; seq++) {
      const conversation = this.conversations[Math.floor(Math.random() * this.conversations.length)] as Conversation;
      const post = this.#newPost('op', seq, conversation.sessionId);
      await this.#deliver(post, { session_id: conversation.sessionId }, this.operator.cookie);
      await sleep(between(1000, 3000));
    }
  }

  #newPost(author: string, seq: number, sessionId: number): Post {
    const token = `tok-${author}-${seq}-${randomBytes(3).toString('hex')}`;
    const post: Post = { author, seq, token, key: randomBytes(12).toString('hex'), sessionId, attempts: [] };
    this.posts.push(post);
    return post;
  }

  async #deliver(post: Post, target: Record<string, unknown>, cookie?: string): Promise<void> {
    const params = { ...target, message_content: `chaos message ${post.token}`, post_key: post.key };
    while (!this.#abort.signal.aborted) {
      const slot = this.slots[Math.floor(Math.random() * this.slots.length)] as Slot;
      const at = this.timeline.now();
      const answer = await call<number | false>(slot.url, '/mail/chat_post', params, { cookie, timeoutMs: POST_TIMEOUT_MS, signal: this.#abort.signal });
      if (this.#abort.signal.aborted) return;
      if (answer.ok && typeof answer.result === 'number') {
        post.attempts.push({ at, server: slot.name, outcome: `id ${answer.result}` });
        post.ackedId = answer.result;
        post.ackedAt = this.timeline.now();
        return;
      }
      post.attempts.push({ at, server: slot.name, outcome: answer.ok ? `answered ${JSON.stringify(answer.result)}` : answer.error });
      if (answer.ok) {
        post.refused = true;
        return;
      }
      await sleep(between(300, 1000));
    }
  }
}
