import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Composer } from '../../src/ui/composer/composer.js';
import { mount, recorder, unmountAll } from './support/mount.js';

describe('Composer', () => {
  afterEach(unmountAll);

  it('is a multi-line textbox named by its placeholder; Enter sends the trimmed text and clears it', async () => {
    const onSend = recorder<[string]>();
    const onTyping = recorder<[string]>();
    const { screen } = mount(<Composer onSend={onSend} onTyping={onTyping} />);
    const box = screen.getByRole('textbox', { name: 'Ask something ...' }) as HTMLTextAreaElement;
    expect(box.localName, 'a multi-line field').to.equal('textarea');
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
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).disabled).to.equal(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).to.equal(true);
  });

  it('Shift+Enter breaks the line; the message keeps its lines', async () => {
    const onSend = recorder<[string]>();
    const { screen } = mount(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    box.focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ press: 'Shift+Enter' });
    await sendKeys({ type: 'second line' });
    expect(onSend.calls).to.have.length(0);
    expect(box.value).to.equal('first line\nsecond line');
    await sendKeys({ press: 'Enter' });
    expect(onSend.calls).to.deep.equal([['first line\nsecond line']]);
  });

  it('has a Send button, usable once there is something to send, that keeps the focus in the field', async () => {
    const onSend = recorder<[string]>();
    const { screen } = mount(<Composer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled, 'nothing to send yet').to.equal(true);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    box.focus();
    await sendKeys({ type: 'By button' });
    expect(send.disabled).to.equal(false);
    send.click();
    expect(onSend.calls).to.deep.equal([['By button']]);
    await new Promise((r) => setTimeout(r, 0));
    expect(box.value).to.equal('');
    expect(box.getRootNode() instanceof ShadowRoot ? (box.getRootNode() as ShadowRoot).activeElement : document.activeElement).to.equal(box);
  });

  it('grows with its lines up to five, then scrolls', async () => {
    const { screen } = mount(<Composer onSend={() => {}} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    const oneLine = box.getBoundingClientRect().height;
    box.focus();
    await sendKeys({ type: 'a' });
    for (let i = 0; i < 2; i += 1) await sendKeys({ press: 'Shift+Enter' });
    const threeLines = box.getBoundingClientRect().height;
    expect(threeLines).to.be.closeTo(oneLine + 40, 2);
    for (let i = 0; i < 6; i += 1) await sendKeys({ press: 'Shift+Enter' });
    const tall = box.getBoundingClientRect().height;
    expect(tall).to.be.closeTo(oneLine + 80, 2);
    expect(box.scrollHeight).to.be.greaterThan(box.clientHeight);
  });

  it('has an "Attach a file" button only when files can be sent; pasted files are attached, pasted text is typed', async () => {
    const none = mount(<Composer onSend={() => {}} />);
    expect(none.screen.queryByRole('button', { name: 'Attach a file' })).to.equal(null);
    unmountAll();
    const onAttach = recorder<[File[]]>();
    const { screen, root } = mount(<Composer onSend={() => {}} onAttach={onAttach} accept="image/*" />);
    const attach = screen.getByRole('button', { name: 'Attach a file' });
    expect(attach.nextElementSibling).to.equal(screen.getByRole('button', { name: 'Send' }));
    const chooser = root.querySelector('input[type="file"]') as HTMLInputElement;
    let opened = 0;
    chooser.addEventListener('click', (e) => {
      opened += 1;
      e.preventDefault();
    });
    attach.click();
    expect(opened, 'the button opens the file chooser').to.equal(1);
    expect(chooser.accept).to.equal('image/*');
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    const files = new DataTransfer();
    files.items.add(new File(['x'], 'shot.png', { type: 'image/png' }));
    const pasteFile = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: files });
    box.dispatchEvent(pasteFile);
    expect(onAttach.calls.map(([f]) => f.map((x) => x.name))).to.deep.equal([['shot.png']]);
    expect(pasteFile.defaultPrevented).to.equal(true);
    const text = new DataTransfer();
    text.setData('text/plain', 'hello');
    const pasteText = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: text });
    box.dispatchEvent(pasteText);
    expect(pasteText.defaultPrevented, 'text is pasted as usual').to.equal(false);
    expect(onAttach.calls).to.have.length(1);
  });
});
