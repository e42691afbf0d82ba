/**
 * Operators' pictures on the scripted chat server: GET /__test__/livechat/<sid>/web/partner_image/<id>
 * answers a real 64 × 64 PNG for operator 3 (as the chat server answers an uploaded picture) and the default
 * smiley for anyone else. Before the scripted server (60-livechat-widget.mjs), which answers its whole prefix.
 * GET /web/partner_image/<id>[?v=N] answers the same on the test page's own origin, where the operator
 * console's components ask for pictures (the console is served by the chat server itself).
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(typed));
  return Buffer.concat([length, typed, sum]);
}

/** A `side` × `side` PNG of one colour, every row written out, so a browser decodes it. */
function squarePng(side) {
  const header = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0]);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, Buffer.from([0x2a, 0x9d, 0x8f]))]);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const PICTURE = squarePng(64);
const SMILEY = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><circle cx="32" cy="32" r="22" fill="#ffd54f"/></svg>';

export default async function partnerImageRoute(ctx, next) {
  const match = /^(?:\/__test__\/livechat\/[\w-]+)?\/web\/partner_image\/(\d{1,9})$/.exec(ctx.path);
  if (!match || ctx.method !== 'GET') return next();
  ctx.set('Access-Control-Allow-Origin', '*');
  if (match[1] === '3') {
    ctx.type = 'image/png';
    ctx.body = PICTURE;
  } else {
    ctx.type = 'image/svg+xml';
    ctx.body = SMILEY;
  }
  return undefined;
}
