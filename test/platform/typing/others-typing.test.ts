import { expect } from '@open-wc/testing';
import { createOthersTyping } from '../../../src/platform/typing/index.js';
import { FakeTimers } from './fake-timers.js';

describe('others typing', () => {
  it('shows each marker until 60 s after its latest notice, oldest first', () => {
    const timers = new FakeTimers();
    const reports: number[][] = [];
    const others = createOthersTyping(timers, (ids) => reports.push(ids));
    others.set(3, true);
    timers.advance(30_000);
    others.set(5, true);
    others.set(3, true);
    expect(reports, 'a repeated notice changes nothing shown').to.deep.equal([[3], [3, 5]]);
    timers.advance(59_000);
    expect(reports.at(-1)).to.deep.equal([3, 5]);
    timers.advance(1_000);
    expect(reports.at(-1), 'both faded 60 s after their latest notice').to.deep.equal([]);
    expect(reports, 'the marker renewed last fades last').to.deep.equal([[3], [3, 5], [3], []]);
  });

  it('drops a marker on "not typing" or when cleared, and reports nothing after dispose', () => {
    const timers = new FakeTimers();
    const reports: number[][] = [];
    const others = createOthersTyping(timers, (ids) => reports.push(ids));
    others.set(3, true);
    others.set(4, true);
    others.set(3, false);
    others.clear(4);
    others.clear(9);
    expect(reports).to.deep.equal([[3], [3, 4], [4], []]);
    others.set(7, true);
    others.dispose();
    timers.advance(120_000);
    expect(reports.at(-1)).to.deep.equal([7]);
  });
});
