import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AttachmentViewer } from '../../../src/ui/viewer/attachment-viewer.js';
import type { ViewerAttachment } from '../../../src/ui/viewer/viewable.js';
import { mount, recorder, unmountAll, type Mounted } from '../support/mount.js';

const FILES = `${location.origin}/__test__/viewer-files`;

async function serve(name: string, body: Blob, type: string): Promise<string> {
  const res = await fetch(`${FILES}/${name}`, { method: 'PUT', body, headers: { 'content-type': type } });
  expect(res.status).to.equal(204);
  return `${FILES}/${name}?download=true`;
}

function png(): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 30;
  (canvas.getContext('2d') as CanvasRenderingContext2D).fillRect(0, 0, 40, 30);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
}

let image: ViewerAttachment;
let pdf: ViewerAttachment;

before(async () => {
  image = { id: 'i', name: 'photo.png', mimetype: 'image/png', url: await serve('focus-photo.png', await png(), 'image/png'), type: 'file' };
  pdf = { id: 'p', name: 'terms.pdf', mimetype: 'application/pdf', url: await serve('focus-terms.pdf', new Blob(['%PDF-1.4\n%%EOF\n']), 'application/pdf'), type: 'file' };
});

function focusInside(m: Mounted): boolean {
  return m.screen.getByRole('dialog').contains(m.root.activeElement);
}

describe('AttachmentViewer focus across attachment kinds', () => {
  afterEach(unmountAll);

  it('keeps focus inside when the focused zoom control goes away with the next attachment', async () => {
    const m = mount(<AttachmentViewer attachments={[image, pdf]} onClose={recorder()} />);
    (m.screen.getByRole('button', { name: 'Zoom in' }) as HTMLButtonElement).focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(m.screen.getByRole('dialog', { name: 'terms.pdf' })).to.exist;
    expect(m.screen.queryByRole('button', { name: 'Zoom in' }), 'a PDF has no zoom controls').to.equal(null);
    expect(focusInside(m), 'focus stayed in the viewer').to.equal(true);
    // The arrow keys still step, both ways.
    await sendKeys({ press: 'ArrowRight' });
    expect(m.screen.getByRole('dialog', { name: 'photo.png' })).to.exist;
    await sendKeys({ press: 'ArrowLeft' });
    expect(m.screen.getByRole('dialog', { name: 'terms.pdf' })).to.exist;
    expect(focusInside(m)).to.equal(true);
  });

  it('keeps focus inside when the focused Print control goes away', async () => {
    const m = mount(<AttachmentViewer attachments={[image, pdf]} onClose={recorder()} />);
    (m.screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement).focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(m.screen.getByRole('dialog', { name: 'terms.pdf' })).to.exist;
    expect(focusInside(m)).to.equal(true);
    // Tab goes on from within the viewer to one of its controls.
    await sendKeys({ press: 'Tab' });
    expect(focusInside(m)).to.equal(true);
    expect(m.root.activeElement?.tagName).to.equal('BUTTON');
  });

  it('leaves focus where it is when the focused control stays', async () => {
    const m = mount(<AttachmentViewer attachments={[image, pdf]} onClose={recorder()} />);
    const next = m.screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    next.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(m.root.activeElement).to.equal(next);
  });
});
