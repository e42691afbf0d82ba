// The floor of the JSON-RPC route throughput: a bare Fastify app with one JSON route answering the same
// envelope, no plugins, no logger. Prints its port on stdout. Run by test/bench/scenarios/throughput.ts.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/im_livechat/load_templates', async (request) => ({ jsonrpc: '2.0', id: request.body?.id ?? null, result: [] }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
