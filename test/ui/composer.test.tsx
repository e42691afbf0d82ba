import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Composer } from '../../src/ui/composer/composer.js';
import { mount, recorder, unmountAll } from './support/mount.js';

describe('Composer', () => {
  afterEach(unmountAll);

  it('is a single-line textbox named by its placeholder; Enter sends the trimmed text and clears it', async () => {
    const onSend = recorder<[string]>();
    const onTyping = recorder<[string]>();
    const { screen } = mount(<Composer onSend={onSend} onTyping={onTyping} />);
    const box = screen.getByRole('textbox', { name: 'Ask something ...' }) as HTMLInputElement;
    expect(box.localName).to.equal('input');
    box.focus();
    await sendKeys({ type: '  Hello there  ' });
    expect(onTyping.calls.length).to.be.greaterThan(0);
    expect(onTyping.calls.at(-1)).to.deep.equal(['  Hello there  ']);
    await sendKeys({ press: 'Enter' });
    expect(onSend.calls).to.deep.equal([['Hello there']]);
    expect(box.value).to.equal('');
  });

  it('never sends blank content', async () => {
    const onSend = recorder<[string]>();
    const { screen } = mount(<Composer onSend={onSend} />);
    screen.getByRole('textbox').focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '    ' });
    await sendKeys({ press: 'Enter' });
    expect(onSend.calls).to.have.length(0);
  });

  it('uses a custom placeholder as its name', () => {
    const { screen } = mount(<Composer placeholder="Your question" onSend={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Your question' })).to.exist;
  });

  it('cannot be used while disabled', () => {
    const { screen } = mount(<Composer disabled onSend={() => {}} />);
    expect((screen.getByRole('textbox') as HTMLInputElement).disabled).to.equal(true);
  });
});
