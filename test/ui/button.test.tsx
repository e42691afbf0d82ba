import { expect } from '@open-wc/testing';
import { fireEvent } from '@testing-library/dom';
import { ChatButton } from '../../src/ui/button/chat-button.js';
import { mount, recorder, unmountAll } from './support/mount.js';

describe('ChatButton', () => {
  afterEach(unmountAll);

  it('is a button named by the default text and opens the chat on click', () => {
    const onOpen = recorder();
    const { screen } = mount(<ChatButton onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat with one of our collaborators' }));
    expect(onOpen.calls).to.have.length(1);
  });

  it('takes a custom text and colours, and ignores a value that is not a colour', () => {
    const { screen, rerender } = mount(<ChatButton text="Talk to us" backgroundColor="#123456" textColor="rgb(1, 2, 3)" onOpen={() => {}} />);
    const button = screen.getByRole('button', { name: 'Talk to us' });
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(18, 52, 86)');
    expect(getComputedStyle(button).color).to.equal('rgb(1, 2, 3)');
    rerender(<ChatButton text="Talk to us" backgroundColor="red; background-image: url(https://evil.example/x)" onOpen={() => {}} />);
    expect(getComputedStyle(button).backgroundImage).to.equal('none');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(135, 90, 123)');
  });

  it('sits at the bottom, raised above an install banner when one is present', () => {
    const { screen, rerender } = mount(<ChatButton onOpen={() => {}} />);
    const button = screen.getByRole('button');
    expect(getComputedStyle(button).position).to.equal('fixed');
    expect(getComputedStyle(button).bottom).to.equal('0px');
    rerender(<ChatButton raiseBy={56} onOpen={() => {}} />);
    expect(getComputedStyle(button).bottom).to.equal('56px');
  });

  it('reports the first sign of interest on focus, so the chat can load early', () => {
    const onInterest = recorder();
    const { screen } = mount(<ChatButton onOpen={() => {}} onInterest={onInterest} />);
    screen.getByRole('button').focus();
    expect(onInterest.calls.length).to.be.greaterThan(0);
  });
});
