/** A throwaway PostgreSQL cluster: its URL, or why it could not start here. */
export interface ThrowawayPostgres {
  url: string | undefined;
  reason: string | undefined;
  stop(): void;
}

/** Starts a throwaway PostgreSQL cluster on a free loopback port (as the `postgres` user when run as root). */
export function startPostgres(): Promise<ThrowawayPostgres>;
