import type { FastifyInstance } from 'fastify';

/** What {@link runPeriodically} runs, how often, and what it calls before it waits for a run under way. */
export interface PeriodicJob {
  /** Names the job in the log line of a failed run. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
  /** Called when the app closes, before waiting for a run under way (e.g. to cancel timers of its own). */
  beforeStop?(): void;
}

/**
 * Runs a job once the app is ready and then every `everyMs`, never two runs at once; a failed run is
 * logged and the next one comes as planned. Closing the app stops the timer and waits for a run under way.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  let running: Promise<void> | undefined;
  const tick = (): void => {
    running ??= job
      .run()
      .catch((err: unknown) => app.log.error({ err }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    job.beforeStop?.();
    await running;
  });
}
