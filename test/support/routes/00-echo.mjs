/** POST /__test__/echo answers the JSON-RPC body it received as its result: a probe for the RPC client tests. */
export default async function echoRoute(ctx, next) {
  if (ctx.path !== '/__test__/echo' || ctx.method !== 'POST') return next();
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, result: body });
}
