import { expect } from '@open-wc/testing';
import { parseElementAttributes, widgetOptions } from '../../src/element/attributes.js';

describe('attributes parsed once', () => {
  it('checks every attribute in one pass, naming each rejected attribute with its value', () => {
    const { attributes, problems } = parseElementAttributes({
      channelId: '7',
      serverUrl: 'javascript:alert(1)',
      headerColor: 'url(x)',
      position: 'middle',
      installBannerSelector: '[[',
      trackPages: ' FALSE ',
      lang: 'fr',
    });
    expect(problems).to.deep.equal([
      { attribute: 'position', value: 'middle', reason: 'not one of right, left' },
      { attribute: 'server-url', value: 'javascript:alert(1)', reason: 'not an http(s) URL' },
      { attribute: 'header-color', value: 'url(x)', reason: 'not a colour' },
      { attribute: 'install-banner-selector', value: '[[', reason: 'not a CSS selector' },
    ]);
    expect(attributes).to.include({ channelId: 7, serverUrl: undefined, headerBackgroundColor: undefined, installBannerSelector: undefined, trackPages: false, lang: 'fr' });
  });

  it('fills what attributes leave unset from the channel, then the defaults; an empty welcome stays empty', () => {
    const { attributes } = parseElementAttributes({ channelId: '1', buttonText: ' Talk ', defaultMessage: '' });
    const defaults = () => ({ buttonText: 'Default text', inputPlaceholder: 'Ask something ...', defaultMessage: 'How may I help you?', defaultUsername: 'Visitor' });
    const options = widgetOptions(attributes, defaults, { buttonText: 'Channel text', titleColor: '#123456', inputPlaceholder: 'Channel placeholder' });
    expect(options).to.include({ channelId: 1, buttonText: 'Talk', defaultMessage: '', titleColor: '#123456', inputPlaceholder: 'Channel placeholder', defaultUsername: 'Visitor', serverUrl: location.origin });
  });
});
