/** How long one warning about a refused site stands for that site. */
export const REFUSED_ORIGIN_LOG_INTERVAL_MS = 60 * 60 * 1000;
/** The most sites remembered at once: also the most warnings an hour, whatever names a flood invents. */
export const REFUSED_ORIGINS_REMEMBERED = 1000;
/** Longer Origin headers are remembered (and logged) by their start only. */
const ORIGIN_KEY_MAX = 200;

/**
 * Decides which refusals of a site not in ALLOWED_ORIGINS are worth a log line: a misconfigured site
 * sends a request per visitor and page, and its owner needs to read the reason once, not per request.
 */
export class RefusedOriginLog {
  /** Last warning time by origin, oldest first (an origin logged again moves to the end). */
  readonly #lastWarned = new Map<string, number>();

  constructor(
    private readonly intervalMs = REFUSED_ORIGIN_LOG_INTERVAL_MS,
    private readonly capacity = REFUSED_ORIGINS_REMEMBERED,
  ) {}

  /** The number of origins remembered now. */
  get size(): number {
    return this.#lastWarned.size;
  }

  /** The origin as it may be logged, or undefined when a warning for it was already written within the interval. */
  toWarn(origin: string, now: number): string | undefined {
    const key = origin.slice(0, ORIGIN_KEY_MAX);
    const last = this.#lastWarned.get(key);
    if (last !== undefined && now - last < this.intervalMs) return undefined;
    this.#lastWarned.delete(key);
    this.#forgetExpired(now);
    // Every remembered origin was warned about within the hour: a flood of invented names gets no more lines.
    if (this.#lastWarned.size >= this.capacity) return undefined;
    this.#lastWarned.set(key, now);
    return key;
  }

  #forgetExpired(now: number): void {
    for (const [origin, at] of this.#lastWarned) {
      if (now - at < this.intervalMs) return;
      this.#lastWarned.delete(origin);
    }
  }
}
