import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { STATIC_DIR, type ServerConfig } from './core/config/config.js';
import { RequestLineLogController } from './core/logging.js';
import { jsonRpcPlugin } from './core/rpc/jsonrpc-plugin.js';
import { openApiPlugin } from './core/http/openapi-plugin.js';
import { AJV_OPTIONS } from './core/schemas/ajv.js';
import { staticFilesPlugin } from './core/http/static-files.js';
import { clockPlugin, type Clock } from './core/clock.js';
import { databasePlugin } from './core/db/database-plugin.js';
import { eventsPlugin } from './core/events.js';
import { outboxPlugin } from './core/outbox/outbox-plugin.js';
import { storePlugin } from './domain/store/index.js';
import { mailerPlugin } from './core/mail/mailer-plugin.js';
import { alertsFeature } from './features/alerts/index.js';
import { limitsPlugin } from './core/limits/limits-plugin.js';
import { diskGuardPlugin, type DiskSpaceReader } from './core/http/disk-guard.js';
import { retentionFeature } from './features/retention/index.js';
import { busPublisherPlugin } from './core/bus/bus-plugin.js';
import { busPollRoutes } from './core/bus/poll-route.js';
import { busFanoutPlugin } from './core/bus/fanout.js';
import { corsPlugin } from './core/http/cors.js';
import { healthPlugin } from './core/http/health.js';
import { metricsPlugin } from './core/metrics/metrics-plugin.js';
import { operatorAuthPlugin, operatorRoutes, operatorPageRoutes, webSessionRoutes } from './domain/operators/index.js';
import { loadLocales, type Locales } from './core/i18n/translations.js';
import { AvailabilityCache } from './domain/channels/index.js';
import { widgetRoutes, widgetSignalRoutes, operatorConsoleRoutes, operatorPollCallers, conversationListFiltersPlugin, waitingRoomPlugin } from './domain/conversations/index.js';
import { queueFeature } from './features/queue/index.js';
import { tagsFeature } from './features/tags/index.js';
import { searchFeature } from './features/search/index.js';
import { profilesFeature } from './features/profiles/index.js';
import { webAssetsFeature } from './features/web-assets/index.js';
import { webContentRoutes } from './domain/attachments/index.js';
import { uploadsFeature } from './features/uploads/index.js';
import { transcriptFeature } from './features/transcript/index.js';
import { datasetFeature } from './features/dataset/index.js';
import { visitorProfileRoutes } from './domain/visitors/index.js';
import { offlineMessagesFeature } from './features/offline-messages/index.js';
import { adminFeature } from './features/admin/index.js';
import { visitorIdentityFeature } from './features/visitor-identity/index.js';
import { receiptsFeature } from './features/receipts/index.js';
import { visitorCardFeature } from './features/visitor-card/index.js';
import { notesFeature } from './features/notes/index.js';
import { statusesFeature } from './features/statuses/index.js';
import { routingFeature } from './features/routing/index.js';
import { supervisionFeature } from './features/supervision/index.js';
import { openApiRoutes } from './core/http/openapi-route.js';
import { cannedRepliesFeature } from './features/canned-replies/index.js';
import { transferFeature } from './features/transfer/index.js';
import { businessHoursFeature } from './features/business-hours/index.js';
import { reportsFeature } from './features/reports/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration the app was built with. */
    config: ServerConfig;
    /** The catalogs of locales/. */
    locales: Locales;
    /** Init's per-channel answer, remembered for a few seconds (livechat/availability.ts). */
    availability: AvailabilityCache;
  }
}

/** What {@link buildApp} needs: the parsed configuration, and optionally a logger and a clock. */
export interface BuildAppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** A fake clock for tests; the real one otherwise. */
  clock?: Clock;
  /** Told of every route as it is registered (the OpenAPI test compares them with the document). */
  onRoute?: (route: RouteOptions) => void;
  /** Reads the data volume's free space; tests simulate a full disk with it. */
  diskSpace?: DiskSpaceReader;
  /**
   * Whether building seeds an empty database (channel 1 and the admin); default true. main.ts seeds only
   * once every other start-up check has passed, so a failed first start never loses a generated password.
   */
  seed?: boolean;
}

/** Builds the Fastify application without listening, so tests can `inject()` into it. */
export async function buildApp({ config, logger = false, clock, onRoute, diskSpace, seed = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Without TRUST_PROXY the socket address is the client: a forwarded header is the client's own claim.
    trustProxy: config.trustProxy,
    logController: new RequestLineLogController(),
    ajv: AJV_OPTIONS,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('config', config);
  app.decorate('locales', loadLocales(config.rootDir));
  // Before any route: it collects them as they are added.
  await app.register(openApiPlugin, { rootDir: config.rootDir });
  // Next, so the plugins after it count into it.
  await app.register(metricsPlugin, { token: config.metricsToken, port: config.metricsPort, host: config.metricsHost });
  await app.register(jsonRpcPlugin, { development: config.development });
  // Answers over 1 KB go out compressed (a conversation's history, the console's lists); built files are
  // precompressed at build time and keep their encoding. Request bodies are never inflated: a small
  // compressed body could unpack far past what the body limit means to allow.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  for (const register of parts(app, config, { clock, diskSpace, seed })) await register(app);
  return app;
}

/** One registration: a plugin with its options. */
type Part = (app: FastifyInstance) => PromiseLike<unknown>;

/** Every piece of the server after the HTTP plumbing, in registration order: the one list that composes it. */
function parts(app: FastifyInstance, config: ServerConfig, o: Pick<BuildAppOptions, 'clock' | 'diskSpace' | 'seed'>): Part[] {
  const operatorApi = { config };
  return [
    (a) => a.register(corsPlugin, { allowedOrigins: config.allowedOrigins }),
    (a) => a.register(clockPlugin, o.clock ? { clock: o.clock } : {}),
    (a) => a.register(databasePlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    (a) => a.register(storePlugin, { seedAdmin: o.seed !== false ? { login: config.adminLogin, password: config.adminPassword } : undefined }),
    // After the store: closing waits for the listeners under way before the database closes.
    (a) => a.register(eventsPlugin),
    (a) => a.register(outboxPlugin, { db: app.database.db }),
    (a) => a.register(availabilityPlugin),
    (a) => a.register(limitsPlugin),
    (a) => a.register(diskGuardPlugin, { dataDir: config.dataDir, minFreePercent: config.uploadMinFreePercent, reader: o.diskSpace }),
    (a) => a.register(retentionFeature, { ceilingDays: config.retentionDays }),
    (a) => a.register(mailerPlugin),
    (a) => a.register(busPublisherPlugin),
    // Here, not among the routes: its listeners and close hook keep their place beside the core's.
    (a) => a.register(alertsFeature),
    (a) => a.register(operatorAuthPlugin, { publicUrl: config.publicUrl }),
    (a) => a.register(busFanoutPlugin),
    (a) => a.register(healthPlugin, { detailToken: config.metricsToken }),
    (a) => a.register(busPollRoutes, { holdMs: config.busHoldMs, retentionMs: config.busRetentionMs, callers: operatorPollCallers(app) }),
    (a) => a.register(waitingRoomPlugin),
    (a) => a.register(widgetRoutes, { config }),
    (a) => a.register(widgetSignalRoutes, { config }),
    (a) => a.register(transcriptFeature, { config }),
    (a) => a.register(offlineMessagesFeature),
    (a) => a.register(operatorRoutes, operatorApi),
    (a) => a.register(conversationListFiltersPlugin),
    (a) => a.register(operatorConsoleRoutes, operatorApi),
    (a) => a.register(tagsFeature, operatorApi),
    (a) => a.register(searchFeature, operatorApi),
    (a) => a.register(visitorCardFeature, operatorApi),
    (a) => a.register(receiptsFeature, operatorApi),
    (a) => a.register(notesFeature),
    (a) => a.register(statusesFeature),
    (a) => a.register(queueFeature),
    (a) => a.register(routingFeature),
    (a) => a.register(supervisionFeature),
    (a) => a.register(transferFeature),
    (a) => a.register(uploadsFeature, { config }),
    (a) => a.register(adminFeature, operatorApi),
    (a) => a.register(visitorIdentityFeature, operatorApi),
    (a) => a.register(profilesFeature),
    (a) => a.register(cannedRepliesFeature),
    (a) => a.register(businessHoursFeature),
    (a) => a.register(reportsFeature),
    (a) => a.register(visitorProfileRoutes, { config }),
    (a) => a.register(operatorPageRoutes),
    (a) => a.register(webSessionRoutes),
    (a) => a.register(datasetFeature),
    (a) => a.register(webAssetsFeature),
    (a) => a.register(webContentRoutes),
    (a) => a.register(openApiRoutes),
    // The beep of SPEC.md §6 for in-page notifications; CORS because the widget plays it on the host page.
    (a) =>
      a.register(fastifyStatic, {
        root: STATIC_DIR,
        prefix: '/livechat/static/',
        decorateReply: false,
        setHeaders(reply) {
          reply.header('Access-Control-Allow-Origin', '*');
          reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
          reply.header('X-Content-Type-Options', 'nosniff');
        },
      }),
    (a) => a.register(staticFilesPlugin, { rootDir: config.rootDir, demoDir: config.demoDir, demo: config.demo }),
  ];
}

/** Init's per-channel answer cache on the domain's store. */
const availabilityPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('availability', new AvailabilityCache(app.store, () => app.clock.now()));
});
