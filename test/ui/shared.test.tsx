import { expect } from '@open-wc/testing';
import { fireEvent } from '@testing-library/dom';
import { Notice } from '../../src/ui/shared/notice.js';
import { safeColor } from '../../src/ui/shared/safe-color.js';
import { typingText } from '../../src/ui/shared/typing-text.js';
import { createUiText, directionOf } from '../../src/ui/shared/ui-text.js';
import { mount, recorder, uiText, unmountAll } from './support/mount.js';

describe('shared pieces', () => {
  afterEach(unmountAll);

  it('words typing for one, two and more names', () => {
    const { t } = uiText();
    expect(typingText(t, [])).to.equal('');
    expect(typingText(t, ['Anna'])).to.equal('Anna is typing...');
    expect(typingText(t, ['Anna', 'Bob'])).to.equal('Anna and Bob are typing...');
    expect(typingText(t, ['Anna', 'Bob', 'Carl'])).to.equal('Anna, Bob and more are typing...');
  });

  it('shows a sticky error notice as an alert', () => {
    const { screen } = mount(<Notice message="No available collaborator, please try again later." />);
    expect(screen.getByRole('alert').textContent).to.equal('No available collaborator, please try again later.');
    expect(screen.queryByRole('button')).to.equal(null);
  });

  it('lets a dismissable notice be closed', () => {
    const onDismiss = recorder();
    const { screen } = mount(<Notice kind="info" message="Reconnected" onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss.calls).to.have.length(1);
  });

  it('accepts colours and refuses anything else', () => {
    expect(safeColor('#fff')).to.equal('#fff');
    expect(safeColor(' rgb(1,2,3) ')).to.equal('rgb(1,2,3)');
    for (const bad of ['', 'banana', 'red; color: blue', 'url(x)', 'var(--x)', 'expression(alert(1))', '</style>']) {
      expect(safeColor(bad), bad).to.equal(undefined);
    }
  });

  it('formats sizes with base 1024 and checks e-mail addresses', () => {
    const text = uiText();
    expect(text.formatSize(0)).to.equal('0.00 Bytes');
    expect(text.formatSize(1536)).to.equal('1.50 Kb');
    expect(text.formatSize(5 * 1024 ** 3)).to.equal('5.00 Gb');
    expect(text.formatSize(-1)).to.equal('0.00 Bytes');
    expect(text.isEmail('a@b.co')).to.equal(true);
    expect(text.isEmail('mailto:a@b.co')).to.equal(true);
    expect(text.isEmail('a@b')).to.equal(false);
    expect(text.isEmail('a b@c.d')).to.equal(false);
  });

  it('knows the writing direction and survives a language tag that is not one', () => {
    expect(directionOf('ar')).to.equal('rtl');
    expect(directionOf('ar-EG')).to.equal('rtl');
    expect(directionOf('fr')).to.equal('ltr');
    // The widget and the console read one table: Uyghur right to left, Hausa left to right.
    expect(createUiText({ lang: 'ug', messages: {} }).dir).to.equal('rtl');
    expect(createUiText({ lang: 'ha', messages: {} }).dir).to.equal('ltr');
    const odd = createUiText({ lang: '%%', messages: { 'widget.thread.now': 'now' } });
    const now = new Date(2024, 0, 2);
    expect(odd.formatRelative(new Date(now.getTime() - 10_000), now)).to.equal('now');
    expect(odd.t('widget.window.close')).to.equal('widget.window.close');
  });

  it('speaks French and Arabic from the locale files', () => {
    const now = new Date(2024, 0, 2, 12);
    expect(uiText('fr').dayLabel(new Date(2024, 0, 1, 12), now)).to.equal(uiText('fr').t('widget.thread.yesterday'));
    expect(uiText('fr').t('widget.thread.yesterday')).to.not.equal('Yesterday');
    expect(uiText('ar').dir).to.equal('rtl');
  });

  it('writes French and Arabic dates at once, with nothing to fetch, and English for other languages', () => {
    const now = new Date(2024, 0, 20, 12);
    const threeMinutesAgo = new Date(now.getTime() - 3 * 60_000);
    const older = new Date(2024, 0, 17, 12);
    expect(uiText('fr').formatRelative(threeMinutesAgo, now)).to.equal('il y a 3 minutes');
    expect(uiText('fr').dayLabel(older, now)).to.equal('17 janvier 2024');
    // Latin or Arabic-Indic digits depending on the browser's CLDR version; the words are what matters.
    expect(uiText('ar').formatRelative(threeMinutesAgo, now)).to.match(/^قبل [3٣] دقائق$/);
    expect(uiText('ar').dayLabel(older, now)).to.match(/^(17|١٧) يناير (2024|٢٠٢٤)$/);
    expect(uiText('en').dayLabel(older, now)).to.equal('January 17, 2024');
    const german = createUiText({ lang: 'de', messages: {} });
    expect(german.dayLabel(older, now)).to.equal('January 17, 2024');
    expect(german.formatRelative(threeMinutesAgo, now)).to.equal('3 minutes ago');
  });

  it('reads Odoo-style language tags with an underscore', () => {
    const belgian = createUiText({ lang: 'fr_BE', messages: { 'widget.window.unread': '{count, plural, one {# message non lu} other {# messages non lus}}' } });
    // French counts 0 as singular, English as plural: the tag must not silently become en-US.
    expect(belgian.t('widget.window.unread', { count: 0 })).to.equal('0 message non lu');
    expect(belgian.formatRelative(new Date(2024, 0, 20, 11, 57), new Date(2024, 0, 20, 12))).to.equal('il y a 3 minutes');
    expect(belgian.dayLabel(new Date(2024, 0, 17, 12), new Date(2024, 0, 20, 12))).to.equal('17 janvier 2024');
  });
});
