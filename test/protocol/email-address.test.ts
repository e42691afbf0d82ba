import { expect } from '@open-wc/testing';
import { comparableEmailAddress, EMAIL_MAX_LENGTH, isEmail, parseEmailAddress } from '../../src/protocol/email-address.js';

/** An address of exactly `length` characters: a long local part at example.com. */
const addressOf = (length: number): string => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('protocol: the e-mail address rule', () => {
  it('accepts plain addresses, with or without mailto:, and gives them back without it', () => {
    expect(parseEmailAddress('ann@example.com')).to.equal('ann@example.com');
    expect(parseEmailAddress('mailto:ann@example.com')).to.equal('ann@example.com');
    expect(parseEmailAddress('MAILTO:Ann@Example.COM')).to.equal('Ann@Example.COM');
    expect(parseEmailAddress(' ann@example.io ')).to.equal('ann@example.io');
    expect(parseEmailAddress('first.last@mail.example.co.uk')).to.equal('first.last@mail.example.co.uk');
  });

  it('accepts plus-addressing and hyphenated domains', () => {
    expect(parseEmailAddress('ann+news@example.com')).to.equal('ann+news@example.com');
    expect(isEmail('a.b+c@d-e.fr')).to.equal(true);
  });

  it('accepts letters outside ASCII in the local part and the domain', () => {
    for (const ok of ['zoë@exämple.be', 'é@exämple.org', '用户@例子.广告', 'ann@xn--exmple-cua.be']) expect(isEmail(ok), ok).to.equal(true);
  });

  it('refuses a text without @, with two @, or with a malformed domain', () => {
    for (const bad of ['', 'ann', 'ann.example.com', 'ann@', '@example.com', 'a@b@example.com', 'ann@example', 'ann@example.c', 'ann@.com', 'ann@example..com', 'ann@example.com.', 'mailto:', '<ann@example.com>']) {
      expect(isEmail(bad), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('refuses spaces and control characters inside the address', () => {
    for (const bad of ['an n@example.com', 'ann@exa mple.com', 'ann@example.com\nbob@example.com', 'x@y.com\r\nBcc: victim@example.com', 'a\u0000b@example.com', 'a\u0007b@example.com', 'ann@exam\u007fple.com', 'a\tb@example.com', 'a\u00a0b@example.com']) {
      expect(isEmail(bad), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('refuses what is not a string', () => {
    for (const bad of [undefined, null, 42, ['ann@example.com'], { email: 'ann@example.com' }]) expect(parseEmailAddress(bad)).to.equal(undefined);
  });

  it('takes 254 characters, and a mailto: prefix on top of them; refuses longer texts', () => {
    expect(EMAIL_MAX_LENGTH).to.equal(254);
    expect(isEmail(addressOf(254))).to.equal(true);
    expect(parseEmailAddress(`mailto:${addressOf(254)}`)).to.equal(addressOf(254));
    expect(isEmail(`mailto:${addressOf(255)}`)).to.equal(false);
    expect(isEmail(addressOf(262))).to.equal(false);
    expect(isEmail(addressOf(5000))).to.equal(false);
  });

  it('answers at once on 50 000-character adversarial input', () => {
    // Inputs that make backtracking patterns explode; a super-linear pattern would hang the test.
    const adversarial = [
      `a@${'a.'.repeat(25_000)}`,
      `${'a'.repeat(50_000)}`,
      `a@${'a'.repeat(49_998)}`,
      `${'a.'.repeat(25_000)}@`,
      `mailto:${'mailto:'.repeat(7_142)}`,
      `a@${'a-'.repeat(25_000)}!`,
      `${'@'.repeat(50_000)}`,
      `a@${'a.a'.repeat(16_666)}\u0000`,
    ];
    for (const input of adversarial) {
      expect(input.length).to.be.at.least(49_990);
      expect(isEmail(input)).to.equal(false);
    }
  });

  it('compares addresses without case, mailto: or +tag', () => {
    expect(comparableEmailAddress(' mailto:Victim+1@Example.org ')).to.equal('victim@example.org');
    expect(comparableEmailAddress('+tag@example.org')).to.equal('+tag@example.org');
    expect(comparableEmailAddress('no-at-sign')).to.equal('no-at-sign');
  });
});
