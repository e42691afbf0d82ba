import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { OperatorProfile } from '../../../../src/protocol/operator-profile.js';
import { ProfileDialog } from '../../../../src/operator/core/profile-dialog.js';
import type { ProfileApi } from '../../../../src/operator/core/profile-form.js';
import { chooseFile, drawnPicture } from '../../picture-support.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

/**
 * An in-memory stand-in for the profile routes that keeps what the dialog sends; the routes themselves
 * (rights, bounds, hostile pictures) are tested over HTTP on both engines in test/server/operator-profile.test.ts.
 * The cropping is the browser's own, for real.
 */
class MemoryProfile implements ProfileApi {
  profile: OperatorProfile = { id: 5, name: 'Nora', has_avatar: false, avatar_url: '/web/partner_image/5' };
  names: string[] = [];
  pictures: Blob[] = [];
  refuseName: string | undefined;
  async setProfileName(name: string) {
    if (this.refuseName) throw new Error(this.refuseName);
    this.names.push(name);
    this.profile = { ...this.profile, name: name.trim() };
    return this.profile;
  }
  async setProfilePicture(picture: Blob) {
    this.pictures.push(picture);
    this.profile = { ...this.profile, has_avatar: true, avatar_url: `/web/partner_image/5?v=${this.pictures.length}` };
    return this.profile;
  }
  async removeProfilePicture() {
    this.profile = { ...this.profile, has_avatar: false, avatar_url: '/web/partner_image/5?v=99' };
    return this.profile;
  }
}

function type(input: HTMLElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The colour of the pixel at x, y of a picture, as `r,g,b`. */
async function pixel(picture: Blob, x: number, y: number): Promise<string> {
  const bitmap = await createImageBitmap(picture);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)].join(',');
}

describe('the operator profile dialog', () => {
  const dom = reactMount();
  let api: MemoryProfile;
  let closed: number;
  let changed: OperatorProfile[];
  beforeEach(async () => {
    api = new MemoryProfile();
    closed = 0;
    changed = [];
    await act(async () =>
      dom.root.render(<ProfileDialog api={api} title="Your profile" load={async () => api.profile} onChanged={(p) => changed.push(p)} onClose={() => (closed += 1)} />),
    );
    await waitUntil(() => within(dom.host).queryByRole('textbox', { name: 'Display name' }));
  });

  it('is a modal dialog named "Your profile" that renames the operator; Close leaves it', async () => {
    const dialog = within(within(document.body).getByRole('dialog', { name: 'Your profile' }));
    expect(dialog.getByRole('img', { name: 'Picture of Nora' }).getAttribute('src')).to.equal('/web/partner_image/5');
    const name = dialog.getByRole('textbox', { name: 'Display name' }) as HTMLInputElement;
    expect(name.value).to.equal('Nora');
    expect(name.maxLength).to.equal(64);
    type(name, 'Nora Smith');
    await act(async () => dialog.getByRole('button', { name: 'Save name' }).click());
    await waitUntil(() => dialog.getByRole('status').textContent === 'Name saved');
    expect(api.names).to.deep.equal(['Nora Smith']);
    expect(changed.map((p) => p.name)).to.deep.equal(['Nora Smith']);
    expect(dialog.getByRole('img', { name: 'Picture of Nora Smith' })).to.exist;
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    act(() => dialog.getByRole('button', { name: 'Close' }).click());
    expect(closed).to.equal(1);
  });

  it('crops a chosen picture to its middle square of 256 pixels before sending it; the picture can be removed', async () => {
    const dialog = within(within(document.body).getByRole('dialog', { name: 'Your profile' }));
    expect(dialog.queryByRole('button', { name: 'Remove picture' }), 'nothing to remove yet').to.equal(null);
    const choose = dialog.getByRole('button', { name: 'Choose a picture' });
    let opened = 0;
    dom.host.querySelector('input[type="file"]')!.addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    choose.click();
    expect(opened, 'the button opens the file chooser').to.equal(1);
    // 400 × 200: its middle square spans x 100 to 300, half red and half blue.
    await act(async () => chooseFile(dom.host, await drawnPicture(400, 200)));
    await waitUntil(() => dialog.queryByRole('status')?.textContent === 'Picture saved');
    const sent = api.pictures[0]!;
    const bitmap = await createImageBitmap(sent);
    expect([bitmap.width, bitmap.height, sent.type]).to.deep.equal([256, 256, 'image/png']);
    expect(await pixel(sent, 10, 128)).to.equal('255,0,0');
    expect(await pixel(sent, 245, 128)).to.equal('0,0,255');
    expect(dialog.getByRole('img', { name: 'Picture of Nora' }).getAttribute('src'), 'the new version is shown').to.equal('/web/partner_image/5?v=1');

    await act(async () => dialog.getByRole('button', { name: 'Remove picture' }).click());
    await waitUntil(() => dialog.queryByRole('status')?.textContent === 'Picture removed');
    expect(dialog.queryByRole('button', { name: 'Remove picture' })).to.equal(null);
  });

  it('says clearly when the file is not a picture, and when the server refuses the name', async () => {
    const dialog = within(within(document.body).getByRole('dialog', { name: 'Your profile' }));
    await act(async () => chooseFile(dom.host, new File(['just some text'], 'notes.png', { type: 'image/png' })));
    await waitUntil(() => dialog.queryByRole('alert'));
    expect(dialog.getByRole('alert').textContent).to.equal('The profile could not be saved: This file is not a picture the browser can read');
    expect(api.pictures).to.have.length(0);

    api.refuseName = 'The name must have 1 to 64 characters';
    await act(async () => dialog.getByRole('button', { name: 'Save name' }).click());
    await waitUntil(() => dialog.queryByRole('alert')?.textContent?.includes('64'));
    expect(dialog.getByRole('alert').textContent).to.equal('The profile could not be saved: The name must have 1 to 64 characters');
  });
});
