import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`live-chat: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp({ config, logger: { level: config.logLevel } });
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const address = await app.listen({ port: config.port, host: config.host });
  const base = config.publicUrl ?? address.replace('127.0.0.1', 'localhost');
  process.stdout.write(`\nlive-chat server ready\n  demo page:        ${base}/\n  widget script:    ${base}/live-chat.js\n  operator console: ${base}/operator/\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`live-chat: failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
