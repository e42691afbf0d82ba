/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clearly below. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_900;

/**
 * Packs channel names into as few JSON-array payloads as fit under `maxBytes` each. A name too long to
 * fit alone becomes the payload `[]`, which listeners read as "wake every held poll": nothing is lost,
 * the polls just re-read the table.
 */
export function packChannels(channels: Iterable<string>, maxBytes = MAX_NOTIFY_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  let wakeAll = false;
  for (const channel of channels) {
    const bytes = Buffer.byteLength(JSON.stringify(channel)) + 1;
    if (bytes + 2 > maxBytes) {
      wakeAll = true;
      continue;
    }
    if (size + bytes > maxBytes) {
      payloads.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(channel);
    size += bytes;
  }
  if (current.length) payloads.push(JSON.stringify(current));
  if (wakeAll) payloads.push('[]');
  return payloads;
}
