import { expect, waitUntil } from '@open-wc/testing';
import { messagesAtom, uploadPolicyAtom } from '../../src/state/index.js';
import { openWidget, serverMessage, settle } from './harness.js';

const POLICY = { visitor_upload: { max_bytes: 1000, types: ['image/png'] } };
const file = (name = 'a.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function widgetWithUploads() {
  const w = await openWidget();
  w.state.setUploadPolicy(POLICY.visitor_upload);
  return w;
}

describe('chat state: visitor uploads', () => {
  it('reads the channel’s policy, and anything malformed as "no files"', async () => {
    const w = await openWidget();
    for (const wire of [undefined, false, 'yes', { max_bytes: '10', types: [] }, { max_bytes: 0, types: [] }, { max_bytes: 10, types: 'image/png' }]) {
      w.state.setUploadPolicy(wire);
      expect(w.get(uploadPolicyAtom), JSON.stringify(wire)).to.equal(undefined);
    }
    await w.state.attach([file()]);
    expect(w.uploads.calls, 'nothing is sent without a policy').to.have.length(0);
    w.state.setUploadPolicy(POLICY.visitor_upload);
    expect(w.get(uploadPolicyAtom)).to.deep.equal(POLICY.visitor_upload);
  });

  it('reports progress, then takes the stored message with its attachment in place', async () => {
    const w = await widgetWithUploads();
    let finish!: () => void;
    w.uploads.answer = (_fields, _file, onProgress) =>
      new Promise((resolve) => {
        onProgress(0.5);
        finish = () => resolve({ status: 200, body: { message_id: 900, attachments: [{ id: 'x', name: 'a.png', filename: 'a.png', mimetype: 'image/png', type: 'file', url: 'https://chat.test/web/content/x' }] } });
      });
    const sending = w.state.attach([file()]);
    // The sending code is its own chunk, fetched at the first file: more than waitUntil's 1 s on a busy machine.
    await waitUntil(() => w.uploads.calls.length === 1, 'the file is not sent', { timeout: 10_000 });
    await settle();
    const pending = w.get(messagesAtom).at(-1);
    expect(pending).to.include({ delivery: 'sending', progress: 0.5, body: '<p>a.png</p>' });
    expect(w.uploads.calls[0]?.fields).to.deep.equal({ uuid: 'uuid-1', post_key: pending?.postKey });
    finish();
    await sending;
    const stored = w.get(messagesAtom).at(-1);
    expect(stored).to.include({ id: 900, delivery: 'sent', body: '' });
    expect(stored?.attachment_ids.map((a) => a.name)).to.deep.equal(['a.png']);
  });

  it('a lost answer does not fail a file whose announcement already arrived', async () => {
    const w = await widgetWithUploads();
    w.uploads.answer = async (fields) => {
      w.bus.push({ ...serverMessage('', [0, 'Visitor'], 901), post_key: fields.post_key });
      throw new TypeError('network');
    };
    await w.state.attach([file()]);
    const mine = w.get(messagesAtom).filter((m) => m.id === 901 || String(m.id).startsWith('_u'));
    expect(mine.map((m) => [m.id, m.delivery])).to.deep.equal([[901, 'sent']]);
  });

  it('a failed file keeps its bytes and key, and Retry sends them again', async () => {
    const w = await widgetWithUploads();
    await w.state.attach([file('a.png', 42)]);
    const failed = w.get(messagesAtom).at(-1);
    expect(failed).to.include({ delivery: 'failed' });
    expect(failed?.refusal).to.equal(undefined);
    w.uploads.answer = async () => ({ status: 200, body: { message_id: 902, attachments: [] } });
    await w.state.retry(failed!.id);
    expect(w.uploads.calls.map((c) => [c.fields.post_key, c.file.size])).to.deep.equal([
      [failed?.postKey, 42],
      [failed?.postKey, 42],
    ]);
    expect(w.get(messagesAtom).at(-1)).to.include({ id: 902, delivery: 'sent' });
  });

  it('refuses a file over the size at once, and keeps the server’s refusals without a retry', async () => {
    const w = await widgetWithUploads();
    await w.state.attach([file('big.png', 1001)]);
    expect(w.uploads.calls).to.have.length(0);
    expect(w.get(messagesAtom).at(-1)?.refusal).to.deep.equal({ reason: 'size', maxBytes: 1000 });
    for (const [code, reason] of [
      ['type_not_allowed', 'type'],
      ['mimetype_mismatch', 'type'],
      ['session_full', 'full'],
      ['upload_quota', 'full'],
      ['image_too_large', 'pixels'],
      ['file_too_large', 'size'],
    ] as const) {
      w.uploads.answer = async () => ({ status: 415, body: { error: { code, message: 'no' } } });
      await w.state.attach([file()]);
      expect(w.get(messagesAtom).at(-1)?.refusal?.reason, code).to.equal(reason);
    }
  });
});

describe('chat state: "Seen" receipts', () => {
  it('marks the visitor’s messages up to the one the operator read, never the operator’s', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('<p>one</p>', [0, 'Visitor'], 10));
    w.bus.push(serverMessage('<p>answer</p>', [3, 'Mitchell Admin'], 11));
    w.bus.push(serverMessage('<p>two</p>', [0, 'Visitor'], 12));
    w.bus.push({ info: 'channel_seen', last_message_id: 11 });
    const seen = Object.fromEntries(w.get(messagesAtom).filter((m) => typeof m.id === 'number').map((m) => [m.id, m.seen === true]));
    expect(seen).to.deep.equal({ 10: true, 11: false, 12: false });
    w.bus.push({ info: 'channel_seen', last_message_id: '12' });
    expect(w.get(messagesAtom).find((m) => m.id === 12)?.seen, 'a malformed receipt is ignored').to.equal(undefined);
  });
});
