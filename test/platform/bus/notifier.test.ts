import { expect } from '@open-wc/testing';
import { beepUrl, createBeep } from '../../../src/platform/notify/beep.js';
import { createNotifier, type DesktopNotifications, type UserNotice } from '../../../src/platform/notify/notifier.js';

// The permission prompt cannot be answered in a headless browser, so the desktop API is a recording
// stand-in here; the beep URL choice uses Chromium's real canPlayType.

function setup(permission: NotificationPermission, master: boolean) {
  const shown: UserNotice[] = [];
  const inPage: UserNotice[] = [];
  let beeps = 0;
  const desktop: DesktopNotifications = { permission, show: (n) => shown.push(n) };
  const notify = createNotifier({ isMaster: () => master, showInPage: (n) => inPage.push(n), beep: () => (beeps += 1), desktop });
  return { notify, shown, inPage, beeps: () => beeps };
}

const notice = { title: 'Mitchell Admin', body: 'Hello' };

describe('notifier', () => {
  it('shows a desktop notification from the master tab when permission is granted', () => {
    const s = setup('granted', true);
    expect(s.notify(notice)).to.equal('desktop');
    expect(s.shown).to.deep.equal([notice]);
    expect(s.inPage).to.deep.equal([]);
    expect(s.beeps()).to.equal(0);
  });

  it('shows nothing from other tabs when permission is granted (the master does)', () => {
    const s = setup('granted', false);
    expect(s.notify(notice)).to.equal('none');
    expect(s.shown).to.deep.equal([]);
  });

  it('without permission shows the notice in the page, and the master tab beeps', () => {
    for (const permission of ['default', 'denied'] as const) {
      const master = setup(permission, true);
      expect(master.notify(notice)).to.equal('in-page-with-beep');
      expect(master.inPage).to.deep.equal([notice]);
      expect(master.beeps()).to.equal(1);
      expect(master.shown).to.deep.equal([]);
      const other = setup(permission, false);
      expect(other.notify(notice)).to.equal('in-page');
      expect(other.beeps()).to.equal(0);
    }
  });

  it('a follow-up to a tagged notice shows in the page without a second beep', () => {
    const s = setup('default', true);
    expect(s.notify({ title: 'New conversation', body: '', tag: 'conversation-7' })).to.equal('in-page-with-beep');
    expect(s.notify({ title: 'New conversation', body: 'Hello', tag: 'conversation-7', followUp: true })).to.equal('in-page');
    expect(s.inPage.map((n) => n.body)).to.deep.equal(['', 'Hello']);
    expect(s.beeps()).to.equal(1);
  });

  it('picks the ogg beep where the browser plays Vorbis (Chromium does), mp3 otherwise', () => {
    expect(beepUrl('https://chat.example.com/', new Audio())).to.equal('https://chat.example.com/livechat/static/beep.ogg');
    expect(beepUrl('https://chat.example.com', { canPlayType: () => '' })).to.equal('https://chat.example.com/livechat/static/beep.mp3');
  });

  it('a refused autoplay does not throw into the page', async () => {
    let played = 0;
    const beep = createBeep('https://chat.example.com', () => ({
      src: '',
      canPlayType: () => 'probably',
      play: () => {
        played += 1;
        return Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
      },
    }));
    expect(() => beep()).not.to.throw();
    await Promise.resolve();
    expect(played).to.equal(1);
  });
});
