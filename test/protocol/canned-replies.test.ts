import { expect } from '@open-wc/testing';
import { parseCannedText, renderCannedText, unknownVariables } from '../../src/protocol/canned-replies.js';

const full = { 'visitor.name': 'Ada', 'visitor.email': 'ada@example.com', 'operator.name': 'Nora', 'channel.name': 'Support' };
const none = { 'visitor.name': null, 'visitor.email': null, 'operator.name': 'Nora', 'channel.name': 'Support' };

describe('canned reply texts', () => {
  it('parses variables with and without a fallback, spaces allowed around them', () => {
    expect(parseCannedText('Hi {{ visitor.name | there }}!')).to.deep.equal([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', name: 'visitor.name', fallback: 'there' },
      { kind: 'text', text: '!' },
    ]);
    expect(parseCannedText('{{channel.name}}')).to.deep.equal([{ kind: 'variable', name: 'channel.name', fallback: '' }]);
    expect(parseCannedText('a { b } {{ c')).to.deep.equal([{ kind: 'text', text: 'a { b } {{ c' }], 'lone braces stay text');
  });

  it('names unknown variables once each, in order', () => {
    expect(unknownVariables('Hi {{visitor.name}} {{visitor.phone}} {{ order.id | x }} {{visitor.phone}}')).to.deep.equal(['visitor.phone', 'order.id']);
    expect(unknownVariables('{{}}')).to.deep.equal(['']);
    expect(unknownVariables('Hello {{operator.name}} from {{channel.name}}, {{visitor.email | your address}}')).to.deep.equal([]);
  });

  it('fills the values, else the fallback', () => {
    expect(renderCannedText('Hi {{visitor.name | there}}, I am {{operator.name}} of {{channel.name}}.', full)).to.equal('Hi Ada, I am Nora of Support.');
    expect(renderCannedText('Hi {{visitor.name | there}}, I am {{operator.name}}.', none)).to.equal('Hi there, I am Nora.');
    expect(renderCannedText('Hi {{visitor.name | there}}', { 'visitor.name': '   ' })).to.equal('Hi there', 'a blank value counts as none');
  });

  it('an empty variable without fallback leaves no double space, no space before punctuation, no dangling comma', () => {
    expect(renderCannedText('Hi {{visitor.name}}, how can I help?', none)).to.equal('Hi, how can I help?');
    expect(renderCannedText('Hello {{visitor.name}} and welcome', none)).to.equal('Hello and welcome');
    expect(renderCannedText('Bonjour {{visitor.name}} !', none)).to.equal('Bonjour !');
    expect(renderCannedText('Thanks {{visitor.name}}.', none)).to.equal('Thanks.');
    expect(renderCannedText('Thanks {{visitor.name}}', none)).to.equal('Thanks');
    expect(renderCannedText('On its way, {{visitor.name}}.', none)).to.equal('On its way.');
    expect(renderCannedText('On its way, {{visitor.name}}', none)).to.equal('On its way');
    expect(renderCannedText('On its way, {{visitor.name}}, today', none)).to.equal('On its way, today');
    expect(renderCannedText('{{visitor.name}}, welcome', none)).to.equal('welcome');
    expect(renderCannedText('We write to {{visitor.email}} {{visitor.name}} soon', none)).to.equal('We write to soon');
    expect(renderCannedText('Line one\n{{visitor.name}}, line two', none)).to.equal('Line one\nline two');
    expect(renderCannedText('A {{visitor.name}} {{visitor.email}} B', none)).not.to.match(/ {2}/);
  });

  it('keeps the author’s own spacing and unknown text alone', () => {
    expect(renderCannedText('Two  spaces\n\nand {{x}}', full)).to.equal('Two  spaces\n\nand');
    expect(renderCannedText('No variables at all', {})).to.equal('No variables at all');
  });
});
