import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { loggerOptions } from './logging.js';

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
  const app = await buildApp({ config, logger: loggerOptions(config.logLevel) });
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
  const lines = [
    '',
    'live-chat server ready',
    config.demo ? `  demo page:        ${base}/` : `  home page:        ${base}/   (DEMO=1 serves the demo pages)`,
    `  widget script:    ${base}/live-chat.js`,
    `  operator console: ${base}/operator/`,
  ];
  // Printed once, on the first start only, and never logged: the logs may be shipped elsewhere.
  if (app.seed.generatedPassword !== undefined) {
    lines.push('', `  operator login:    ${app.seed.adminLogin}`, `  operator password: ${app.seed.generatedPassword}   (shown only this once)`);
  } else if (app.seed.firstStart) {
    lines.push('', `  operator login:    ${app.seed.adminLogin} (password from LIVECHAT_ADMIN_PASSWORD)`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`live-chat: failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
