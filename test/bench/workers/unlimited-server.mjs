// The floor of the throughput scenario's durable chat_post rows: the built server (packages/server/dist),
// configured from the environment as main.js is, with its limits bypassed: routes are registered without
// their per-address `rateLimit` and the handlers' quotas (per session, per account, per day) count nothing.
// The inserts, the group commit and the bus are the product's own; only the limit counting is gone.
// Run by test/bench/lib/product-server.ts in place of main.js.
import { buildApp } from '../../../packages/server/dist/server/app.js';
import { loadConfig } from '../../../packages/server/dist/server/core/config/config.js';

const config = loadConfig();
const app = await buildApp({
  config,
  // Runs before @fastify/rate-limit's own hook sees the route: without the option it does not limit it.
  onRoute: (route) => {
    if (route.config && 'rateLimit' in route.config) delete route.config.rateLimit;
  },
});
app.limits.take = async () => undefined;
app.limits.allows = async () => true;
const shutdown = () => void app.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
await app.listen({ port: config.port, host: config.host });
