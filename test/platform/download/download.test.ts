import { expect } from '@open-wc/testing';
import {
  DOWNLOAD_TOKEN,
  DownloadError,
  downloadFile,
  filenameFromContentDisposition,
  saveBlob,
} from '../../../src/platform/download/index.js';

const ROUTE = '/__test__/platform-io/download';

/** Catches `<a download>` clicks before the browser acts on them, reading what would have been saved. */
function interceptDownloads(): { saved: Promise<{ filename: string; text: string }>[]; stop: () => void } {
  const saved: Promise<{ filename: string; text: string }>[] = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
    event.preventDefault();
    const filename = link.download;
    saved.push(fetch(link.href).then(async (r) => ({ filename, text: await r.text() })));
  };
  document.addEventListener('click', onClick, true);
  return { saved, stop: () => document.removeEventListener('click', onClick, true) };
}

async function rejection(promise: Promise<unknown>): Promise<DownloadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DownloadError) return error;
    throw error;
  }
  throw new Error('expected a DownloadError');
}

describe('platform/download: Content-Disposition filenames', () => {
  it('reads quoted and bare filename= values', () => {
    expect(filenameFromContentDisposition('attachment; filename="a b, c.pdf"')).to.equal('a b, c.pdf');
    expect(filenameFromContentDisposition('attachment; filename=plain.txt')).to.equal('plain.txt');
    expect(filenameFromContentDisposition('attachment;filename="semi; colon \\"q\\".txt"; size=3')).to.equal('semi; colon "q".txt');
    expect(filenameFromContentDisposition('attachment; FILENAME="upper.txt"')).to.equal('upper.txt');
  });

  it("prefers RFC 6266 filename*= in UTF-8 or ISO-8859-1", () => {
    expect(filenameFromContentDisposition("attachment; filename=\"x.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt")).to.equal('€ rates.txt');
    expect(filenameFromContentDisposition("attachment; filename*=utf-8'en'caf%C3%A9.txt; filename=\"x.txt\"")).to.equal('café.txt');
    expect(filenameFromContentDisposition("attachment; filename*=iso-8859-1''na%EFve.txt")).to.equal('naïve.txt');
    expect(filenameFromContentDisposition("attachment; filename=\"kept.txt\"; filename*=UTF-8''%E0%A4%A")).to.equal('kept.txt');
  });

  it('never returns a path or nothing at all', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).to.equal('passwd');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.txt"')).to.equal('x.txt');
    expect(filenameFromContentDisposition('attachment; filename=".."')).to.equal(undefined);
    expect(filenameFromContentDisposition('attachment')).to.equal(undefined);
    expect(filenameFromContentDisposition(null)).to.equal(undefined);
  });
});

describe('platform/download: posting and saving a file', () => {
  let downloads: ReturnType<typeof interceptDownloads>;
  beforeEach(() => (downloads = interceptDownloads()));
  afterEach(() => downloads.stop());

  it('posts the dummy token and the CSRF token, and saves the answer under its filename', async () => {
    const result = await downloadFile({ url: `${ROUTE}?disposition=plain`, data: { id: '42' }, csrfToken: 'csrf-123' });
    expect(result.filename).to.equal('report; final "v2".txt');
    expect(downloads.saved).to.have.length(1);
    const saved = await downloads.saved[0]!;
    expect(saved.filename).to.equal('report; final "v2".txt');
    expect(JSON.parse(saved.text)).to.deep.equal({ id: '42', token: DOWNLOAD_TOKEN, csrf_token: 'csrf-123' });
  });

  it('sends no csrf_token when none is set, and reads a UTF-8 filename*', async () => {
    const result = await downloadFile({ url: `${ROUTE}?disposition=star` });
    expect(result.filename).to.equal('résumé € 日本.txt');
    expect(JSON.parse(await result.blob.text())).to.deep.equal({ token: DOWNLOAD_TOKEN });
    expect((await downloads.saved[0]!).filename).to.equal('résumé € 日本.txt');
  });

  it('falls back to a given name when the answer names none', async () => {
    const result = await downloadFile({ url: `${ROUTE}?disposition=none`, fallbackFilename: 'transcript.txt' });
    expect(result.filename).to.equal('transcript.txt');
  });

  it('fails with "Could not connect to the server" on an error status', async () => {
    const error = await rejection(downloadFile({ url: `${ROUTE}?status=500` }));
    expect(error).to.include({ code: 'http', status: 500, message: 'Could not connect to the server' });
    expect(error.title).to.deep.equal({ key: 'errors.connectionLost' });
    expect(error.detail).to.deep.equal({ key: 'errors.connectionLostDetail' });
    expect(downloads.saved).to.have.length(0);
  });

  it('fails the same way when the connection drops', async () => {
    const error = await rejection(downloadFile({ url: `${ROUTE}?drop=1` }));
    expect(error.code).to.equal('network');
    expect(error.message).to.equal('Could not connect to the server');
    expect(downloads.saved).to.have.length(0);
  });

  it('tells an abort apart', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(downloadFile({ url: `${ROUTE}?disposition=plain`, signal: controller.signal }));
    expect(error.code).to.equal('aborted');
  });

  it('saves any Blob through a clicked download link that leaves no trace in the page', async () => {
    saveBlob(new Blob(['hello, world'], { type: 'text/plain' }), 'hello.txt');
    expect(await downloads.saved[0]!).to.deep.equal({ filename: 'hello.txt', text: 'hello, world' });
    expect(document.querySelector('a[download]')).to.equal(null);
  });
});
