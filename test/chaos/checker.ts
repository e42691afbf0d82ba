/**
 * The verdict of a run: every acknowledged post stored once and read once, in order, by every reader
 * of its conversation; no duplicate by key or by token; no process exit the harness did not cause.
 */
import type { ChaosCluster } from './cluster.js';
import type { UnplannedExit } from './fleet.js';
import type { Reader } from './readers.js';
import { formatAt } from './schedule.js';
import type { Timeline } from './timeline.js';
import { TOKEN_PATTERN, type Post } from './workload.js';

export interface Anomaly {
  kind: 'lost' | 'duplicate' | 'reordered' | 'unacknowledged' | 'unplanned exit' | 'not caught up';
  summary: string;
  timeline: string[];
}

interface MessageRow {
  id: number;
  session_id: number;
  post_key: string | null;
  body: string;
}

const line = (at: number, what: string): string => `${formatAt(at)}  ${what}`;

/** A post's attempts among the run's events around them. */
export function postTimeline(post: Post, timeline: Timeline, until?: number): string[] {
  const first = post.attempts[0]?.at ?? 0;
  const last = until ?? post.ackedAt ?? post.attempts.at(-1)?.at ?? first;
  const events = [
    ...post.attempts.map((a) => ({ at: a.at, what: `${post.author} posts ${post.token} to ${a.server}: ${a.outcome}` })),
    ...timeline.between(first - 5000, last + 5000),
  ];
  return events.sort((a, b) => a.at - b.at).map((e) => line(e.at, e.what));
}

/** Stored once, with the id its client was given; no key or token twice. */
export async function checkDatabase(cluster: ChaosCluster, posts: Post[], timeline: Timeline): Promise<Anomaly[]> {
  const rows = await cluster.query<MessageRow>("SELECT id, session_id, post_key, body FROM message WHERE body LIKE '%tok-%' ORDER BY id");
  const anomalies: Anomaly[] = [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const byToken = new Map<string, MessageRow[]>();
  const byKey = new Map<string, MessageRow[]>();
  for (const row of rows) {
    const token = TOKEN_PATTERN.exec(row.body)?.[0];
    if (token) byToken.set(token, [...(byToken.get(token) ?? []), row]);
    if (row.post_key) byKey.set(`${row.session_id}/${row.post_key}`, [...(byKey.get(`${row.session_id}/${row.post_key}`) ?? []), row]);
  }
  const postByToken = new Map(posts.map((p) => [p.token, p]));
  for (const post of posts) {
    if (post.ackedId === undefined) continue;
    const row = byId.get(post.ackedId);
    if (!row || !row.body.includes(post.token) || row.post_key !== post.key || Number(row.session_id) !== post.sessionId) {
      const found = row ? `id ${post.ackedId} holds another message (${row.body.slice(0, 60)})` : `no message with id ${post.ackedId}`;
      anomalies.push({ kind: 'lost', summary: `${post.token} was acknowledged as id ${post.ackedId}, but the database has ${found}`, timeline: postTimeline(post, timeline) });
    }
  }
  for (const [what, groups] of [['token', byToken], ['post_key', byKey]] as const) {
    for (const [value, group] of groups) {
      if (group.length < 2) continue;
      const post = postByToken.get(TOKEN_PATTERN.exec(group[0]?.body ?? '')?.[0] ?? '');
      anomalies.push({
        kind: 'duplicate',
        summary: `${what} ${value} is stored ${group.length} times: ids ${group.map((r) => r.id).join(', ')}`,
        timeline: post ? postTimeline(post, timeline) : [],
      });
    }
  }
  return anomalies;
}

/** Posts acknowledged and not yet received, per reader. */
export function missingPerReader(posts: Post[], readers: Reader[]): Map<Reader, Post[]> {
  const missing = new Map<Reader, Post[]>();
  for (const reader of readers) {
    const seen = new Set(reader.deliveries.map((d) => d.token));
    const lacking = posts.filter((p) => p.ackedId !== undefined && reader.reads(p.sessionId) && !seen.has(p.token));
    if (lacking.length) missing.set(reader, lacking);
  }
  return missing;
}

/** Each reader: notification ids rising, each author's posts in the order they were posted, nothing twice. */
export function checkReaders(readers: Reader[], posts: Post[], timeline: Timeline): Anomaly[] {
  const anomalies: Anomaly[] = [];
  const postByToken = new Map(posts.map((p) => [p.token, p]));
  for (const reader of readers) {
    const seenTokens = new Map<string, number>();
    const lastSeq = new Map<string, number>();
    let lastNid = 0;
    for (const d of reader.deliveries) {
      const context = (): string[] => {
        const post = postByToken.get(d.token);
        const failures = reader.failures.filter((f) => Math.abs(f.at - d.at) < 30_000).map((f) => line(f.at, `${reader.name}: ${f.what}`));
        return [...(post ? postTimeline(post, timeline, d.at) : []), ...failures, line(d.at, `${reader.name} receives ${d.token} as notification ${d.nid}`)];
      };
      const earlier = seenTokens.get(d.token);
      if (earlier !== undefined) {
        anomalies.push({ kind: 'duplicate', summary: `${reader.name} received ${d.token} twice (notifications ${earlier} and ${d.nid})`, timeline: context() });
      } else if (d.nid <= lastNid) {
        anomalies.push({ kind: 'reordered', summary: `${reader.name} received notification ${d.nid} (${d.token}) after ${lastNid}`, timeline: context() });
      } else if (d.seq <= (lastSeq.get(d.author) ?? 0)) {
        anomalies.push({ kind: 'reordered', summary: `${reader.name} received ${d.author}'s post ${d.seq} after its post ${lastSeq.get(d.author)}`, timeline: context() });
      }
      seenTokens.set(d.token, d.nid);
      lastNid = Math.max(lastNid, d.nid);
      lastSeq.set(d.author, Math.max(d.seq, lastSeq.get(d.author) ?? 0));
    }
  }
  for (const [reader, lacking] of missingPerReader(posts, readers)) {
    for (const post of lacking) {
      const failures = reader.failures.filter((f) => f.at >= (post.ackedAt ?? 0) - 5000).slice(0, 10).map((f) => line(f.at, `${reader.name}: ${f.what}`));
      anomalies.push({ kind: 'lost', summary: `${reader.name} never received ${post.token} (acknowledged as id ${post.ackedId})`, timeline: [...postTimeline(post, timeline), ...failures] });
    }
  }
  return anomalies;
}

/** Posts still unanswered after the quiet period, and process exits nobody asked for. */
export function checkService(posts: Post[], exits: UnplannedExit[], timeline: Timeline): Anomaly[] {
  const anomalies = posts
    .filter((p) => p.ackedId === undefined)
    .map((p): Anomaly => ({
      kind: 'unacknowledged',
      summary: p.refused ? `${p.token} was answered false (the conversation unknown or closed)` : `${p.token} was never acknowledged after ${p.attempts.length} attempts`,
      timeline: postTimeline(p, timeline),
    }));
  for (const exit of exits) {
    anomalies.push({
      kind: 'unplanned exit',
      summary: `server ${exit.slot} (pid ${exit.pid}) exited with ${exit.code ?? exit.signal} at ${formatAt(exit.at)}`,
      timeline: [...timeline.between(exit.at - 15_000, exit.at).map((e) => line(e.at, e.what)), 'its last output:', ...exit.output.split('\n').slice(-20)],
    });
  }
  return anomalies;
}

/** How long after its acknowledgement each reader received each post: p50, p99 and the slowest, in seconds. */
export function deliveryLatency(posts: Post[], readers: Reader[]): string {
  const ackedAt = new Map(posts.filter((p) => p.ackedAt !== undefined).map((p) => [p.token, p.ackedAt as number]));
  const delays = readers
    .flatMap((r) => r.deliveries.map((d) => Math.max(0, d.at - (ackedAt.get(d.token) ?? d.at))))
    .sort((a, b) => a - b);
  if (delays.length === 0) return 'none';
  const at = (q: number): string => ((delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0) / 1000).toFixed(2);
  return `p50 ${at(0.5)} s, p99 ${at(0.99)} s, max ${at(1)} s`;
}
