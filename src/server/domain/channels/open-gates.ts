/**
 * Channel open gates: rules besides operator presence that may keep a channel closed at an instant
 * (business hours; later a queue or routing). Features add theirs; init, get_session and the console ask
 * the registry, so the domain never names a feature.
 */

/** A gate's answer: open, or closed until `reopensAt` (epoch ms) when it knows. */
export type GateAnswer = { open: true } | { open: false; reopensAt?: number };

/** Whether a channel may take a conversation at `now`. */
export type ChannelOpenGate = (channelId: number, now: number) => Promise<GateAnswer>;

/** The gates features registered; a channel is open when every gate says so. */
export class ChannelGates {
  readonly #gates: ChannelOpenGate[] = [];

  /** Adds a gate, asked from the next check on. */
  add(gate: ChannelOpenGate): void {
    this.#gates.push(gate);
  }

  /** Open when every gate is; otherwise closed until the latest of the closed gates' reopening times, when all know one. */
  async check(channelId: number, now: number): Promise<GateAnswer> {
    const answers = await Promise.all(this.#gates.map((gate) => gate(channelId, now)));
    const closed = answers.filter((a): a is { open: false; reopensAt?: number } => !a.open);
    if (closed.length === 0) return { open: true };
    const times = closed.map((a) => a.reopensAt);
    if (times.some((t) => t === undefined)) return { open: false };
    return { open: false, reopensAt: Math.max(...(times as number[])) };
  }
}
