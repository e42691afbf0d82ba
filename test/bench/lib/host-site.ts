/**
 * A stand-in for a customer's website on its own origin (another loopback port): a blank page without
 * the widget (the floor) and the same page with the one-line integration.
 */
import http from 'node:http';
import { freePort } from './net.js';

/** The running host site. */
export interface HostSite {
  /** The page without the widget. */
  blankUrl: string;
  /** The same page with `<live-chat>`. */
  widgetUrl: string;
  close(): Promise<void>;
}

function page(extraHead: string, extraBody: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host page</title>${extraHead}</head>
<body>
<main><h1>A host page</h1><p>Some ordinary content of a customer's website.</p></main>
${extraBody}
</body>
</html>`;
}

/** Serves the two pages; `widgetServer` is the chat server's origin. */
export async function startHostSite(widgetServer: string): Promise<HostSite> {
  const blank = page('', '');
  const widget = page(
    `<script type="module" src="${widgetServer}/live-chat.js"></script>`,
    `<live-chat channel-id="1" server-url="${widgetServer}"></live-chat>`,
  );
  const server = http.createServer((req, res) => {
    const body = req.url === '/widget.html' ? widget : req.url === '/blank.html' ? blank : undefined;
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    blankUrl: `http://127.0.0.1:${port}/blank.html`,
    widgetUrl: `http://127.0.0.1:${port}/widget.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
