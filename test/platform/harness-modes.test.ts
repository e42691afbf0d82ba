import { expect, fixture, html } from '@open-wc/testing';
import * as React from 'react';

// The browser tests' own tools: their log is read after every run, so only real problems may show there.
describe('the browser test harness', () => {
  it("loads the fixture helpers' Lit in its production build, which writes no dev-mode notice to each test file's log", async () => {
    const element = await fixture(html`<p>ready</p>`);
    expect(element.textContent).to.equal('ready');
    expect((globalThis as { litIssuedWarnings?: Set<string> }).litIssuedWarnings).to.equal(undefined);
  });

  it('keeps React in its development mode, whose act() the component tests rely on', async () => {
    let ran = false;
    await React.act(async () => {
      ran = true;
    });
    expect(ran).to.equal(true);
  });
});
