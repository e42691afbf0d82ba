/**
 * Files for the attachment viewer tests, generated in the browser and stored here for the test run:
 * PUT /__test__/viewer-files/<name> keeps the body and its Content-Type; GET serves it back with the chat
 * server's safe headers (nosniff, a sandbox CSP), inline unless ?download=true.
 */
const files = new Map();

export default async function viewerFixtureRoute(ctx, next) {
  const match = /^\/__test__\/viewer-files\/([A-Za-z0-9._-]{1,80})$/.exec(ctx.path);
  if (!match) return next();
  const name = match[1];
  if (ctx.method === 'PUT') {
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    files.set(name, { type: ctx.get('content-type') || 'application/octet-stream', body: Buffer.concat(chunks) });
    ctx.status = 204;
    return undefined;
  }
  const file = files.get(name);
  if (ctx.method !== 'GET' || !file) return next();
  const download = ctx.query.download === 'true';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  ctx.set('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`);
  ctx.type = download ? 'application/octet-stream' : file.type;
  ctx.body = file.body;
  return undefined;
}
