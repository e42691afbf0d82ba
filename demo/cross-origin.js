/* global document, location, URL, URLSearchParams */
// Embeds the widget from the other name of this server: localhost <-> 127.0.0.1 are different origins,
// so the script, its lazy chunks and every call cross origins, as on a real customer site.
const here = new URL(location.href);
const other = new URL(here.origin);
other.hostname = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const widgetOrigin = new URLSearchParams(here.search).get('widget') ?? other.origin;

const script = document.createElement('script');
script.type = 'module';
script.src = `${widgetOrigin}/live-chat.js`;
document.head.append(script);

const chat = document.createElement('live-chat');
chat.setAttribute('channel-id', '1');
chat.setAttribute('server-url', widgetOrigin);
document.body.append(chat);

document.getElementById('snippet').textContent = `<script type="module" src="${widgetOrigin}/live-chat.js"></script>\n<live-chat channel-id="1" server-url="${widgetOrigin}"></live-chat>`;
