/** What happened when, in ms since the workload began (setup events come out negative). */
export interface TimelineEvent {
  at: number;
  what: string;
}

/** The run's shared clock and log of faults, restarts and exits, read back to explain an anomaly. */
export class Timeline {
  #start = Date.now();
  readonly events: TimelineEvent[] = [];

  now(): number {
    return Date.now() - this.#start;
  }

  /** Sets t = 0 to now; what was noted before moves back accordingly. */
  begin(): void {
    const shift = Date.now() - this.#start;
    this.#start += shift;
    for (const e of this.events) e.at -= shift;
  }

  note(what: string): void {
    this.events.push({ at: this.now(), what });
  }

  /** The events within [from, to]. */
  between(from: number, to: number): TimelineEvent[] {
    return this.events.filter((e) => e.at >= from && e.at <= to);
  }
}
