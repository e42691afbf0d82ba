import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { OperatorPresence } from '../../../src/protocol/operator-console.js';
import { DeskHeader } from '../../../src/operator/app/desk-header.js';
import { ProfileButton } from '../../../src/operator/features/profile/profile-button.js';
import { reactMount, loadConsoleStyles, type ConsoleStyles } from '../support.js';

describe('operator console header', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  let toggles: number;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());
  let profiles = 0;
  let chosen = '';
  beforeEach(() => {
    toggles = 0;
    profiles = 0;
  });

  it('the operator\'s name is a button that opens the profile dialog', () => {
    render('available');
    const profile = within(dom.host.querySelector('header')!).getByRole('button', { name: 'Administrator, profile' });
    expect(profile.textContent, 'the name is what it shows').to.equal('Administrator');
    expect(profile.getAttribute('aria-haspopup')).to.equal('dialog');
    act(() => profile.click());
    expect(profiles).to.equal(1);
  });

  // The busiest everyday header: an administrator who has not yet decided about desktop notifications.
  const render = (presence: OperatorPresence | null) =>
    act(() =>
      dom.root.render(
        <DeskHeader
          views={[
            { id: 'desk', label: 'operator.view.desk' },
            { id: 'statistics', label: 'operator.statistics.view' },
            { id: 'admin', label: 'operator.admin.view' },
          ]}
          view="desk"
          onView={(id) => (chosen = id)}
          presence={presence}
          onTogglePresence={() => (toggles += 1)}
          pollState="polling"
          canAskDesktop={true}
          onAskDesktop={() => {}}
          ownControls={<ProfileButton operatorName="Administrator" onOpen={() => (profiles += 1)} />}
          onLogout={() => {}}
        />,
      ),
    );

  it('presence is one switch named after the state it is in: "Available" or "Away"', () => {
    render('available');
    const banner = within(dom.host.querySelector('header')!);
    const presence = banner.getByRole('switch', { name: 'Available' });
    expect(presence.getAttribute('aria-checked')).to.equal('true');
    expect(banner.getAllByText('Available')).to.have.length(1);
    expect(banner.queryByText('Away')).to.equal(null);
    act(() => presence.click());
    expect(toggles).to.equal(1);

    render('away');
    expect(banner.getByRole('switch', { name: 'Away' }).getAttribute('aria-checked')).to.equal('false');
    expect(banner.getAllByText('Away')).to.have.length(1);
    expect(banner.queryByText('Available')).to.equal(null);

    render(null);
    expect((banner.getByRole('switch', { name: 'Availability' }) as HTMLButtonElement).disabled, 'unknown until the server answers').to.equal(true);
  });

  const lineOf = (el: Element) => {
    const r = el.getBoundingClientRect();
    return Math.round(r.top + r.height / 2);
  };

  it('fits on one line from 1024 px wide', async () => {
    dom.host.style.width = '1024px';
    render('available');
    const header = within(dom.host).getByRole('banner');
    const title = within(header).getByRole('heading', { name: 'Operator console' });
    const logout = within(header).getByRole('button', { name: 'Log out' });
    await waitUntil(() => logout.getBoundingClientRect().width > 0);
    const controls = [...within(header).getAllByRole('button'), within(header).getByRole('switch', { name: 'Available' })];
    const titleLine = lineOf(title);
    for (const control of controls) expect(Math.abs(lineOf(control) - titleLine), control.textContent ?? '').to.be.at.most(4);
    expect(header.scrollWidth).to.be.at.most(header.clientWidth);
  });

  it('wraps below that width with nothing cut off', async () => {
    dom.host.style.width = '700px';
    render('available');
    const header = within(dom.host).getByRole('banner');
    const title = within(header).getByRole('heading', { name: 'Operator console' });
    const logout = within(header).getByRole('button', { name: 'Log out' });
    await waitUntil(() => logout.getBoundingClientRect().width > 0);
    expect(lineOf(logout)).to.be.greaterThan(title.getBoundingClientRect().bottom);
    expect(header.scrollWidth).to.be.at.most(header.clientWidth);
    expect(logout.getBoundingClientRect().right).to.be.at.most(header.getBoundingClientRect().right);
  });
  // Booleans, not elements, in assertions: chai would print a React-rendered element at length.
  const shown = (el: Element | null) => el !== null && el.getClientRects().length > 0;

  it('on a 375 px phone, folds the sections and the own controls but presence behind a Menu button', async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      render('available');
      const header = within(dom.host).getByRole('banner');
      const menu = within(header).getByRole('button', { name: 'Menu' });
      const sections = () => within(header).queryByRole('navigation', { name: 'Sections' });
      expect(menu.getAttribute('aria-expanded')).to.equal('false');
      expect(shown(sections())).to.equal(false);
      expect(shown(within(header).queryByRole('button', { name: 'Log out' }))).to.equal(false);
      expect(shown(within(header).getByRole('switch', { name: 'Available' })), 'presence stays in sight').to.equal(true);
      expect(header.scrollWidth).to.be.at.most(header.clientWidth);

      act(() => menu.click());
      expect(menu.getAttribute('aria-expanded')).to.equal('true');
      expect(shown(within(header).getByRole('button', { name: 'Log out' }))).to.equal(true);
      expect(header.scrollWidth).to.be.at.most(header.clientWidth);
      act(() => within(sections()!).getByRole('button', { name: 'Statistics' }).click());
      expect(chosen).to.equal('statistics');
      expect(menu.getAttribute('aria-expanded'), 'choosing a section folds the menu').to.equal('false');

      act(() => menu.click());
      within(header).getByRole('button', { name: 'Log out' }).focus();
      act(() => {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      });
      expect(menu.getAttribute('aria-expanded'), 'Escape folds it').to.equal('false');
      expect(document.activeElement === menu, 'and returns to the Menu button').to.equal(true);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('shows no Menu button where the header fits', () => {
    render('available');
    expect(shown(within(dom.host).queryByRole('button', { name: 'Menu' }))).to.equal(false);
  });
});
