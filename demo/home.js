/* global document, location */
// The snippet to copy names this server by its full address: pasted into another site, a relative
// `src` would load from that site instead.
document.getElementById('snippet').textContent = `<script type="module" src="${location.origin}/live-chat.js"></script>\n<live-chat channel-id="1"></live-chat>`;
