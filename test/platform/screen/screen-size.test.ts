import { expect, waitUntil } from '@open-wc/testing';
import {
  createScreenSizeWatcher,
  isMobileSize,
  SIZE_BREAKPOINTS,
  SizeClass,
  sizeClassForWidth,
  type Timers,
} from '../../../src/platform/screen/index.js';

/** A hand-driven clock: the debounce is tested without waiting on real time. */
class FakeClock implements Timers {
  private now = 0;
  private queue: { at: number; id: number; callback: () => void }[] = [];
  private nextId = 1;

  setTimeout(callback: () => void, ms: number): number {
    const id = this.nextId++;
    this.queue.push({ at: this.now + ms, id, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((t) => t.id !== handle);
  }

  tick(ms: number): void {
    this.now += ms;
    const due = this.queue.filter((t) => t.at <= this.now).sort((a, b) => a.at - b.at);
    this.queue = this.queue.filter((t) => t.at > this.now);
    for (const t of due) t.callback();
  }
}

/** A real viewport whose width the test controls: an iframe's window measures its own box. */
async function viewport(width: number): Promise<{ win: Window; resize: (w: number) => Promise<void>; remove: () => void }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `border:0;padding:0;height:100px;width:${width}px`;
  document.body.append(frame);
  const win = frame.contentWindow!;
  await waitUntil(() => win.innerWidth === width, `the frame never got ${width}px wide`);
  return {
    win,
    async resize(w: number) {
      const resized = new Promise<void>((resolve) => win.addEventListener('resize', () => resolve(), { once: true }));
      frame.style.width = `${w}px`;
      await resized;
    },
    remove: () => frame.remove(),
  };
}

describe('platform/screen: size classes', () => {
  it('puts each breakpoint in the smaller class and the next pixel in the larger one', () => {
    expect(SIZE_BREAKPOINTS).to.deep.equal([474, 575, 767, 991, 1199, 1533]);
    const classes = [SizeClass.XS, SizeClass.VSM, SizeClass.SM, SizeClass.MD, SizeClass.LG, SizeClass.XL];
    SIZE_BREAKPOINTS.forEach((max, i) => {
      expect(sizeClassForWidth(max), `${max}px`).to.equal(classes[i]);
      expect(sizeClassForWidth(max + 1), `${max + 1}px`).to.equal(i + 1);
    });
    expect(sizeClassForWidth(0)).to.equal(SizeClass.XS);
    expect(sizeClassForWidth(4000)).to.equal(SizeClass.XXL);
    expect(SizeClass).to.deep.equal({ XS: 0, VSM: 1, SM: 2, MD: 3, LG: 4, XL: 5, XXL: 6 });
  });

  it('calls SM and smaller mobile', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((c) => isMobileSize(c as SizeClass))).to.deep.equal([true, true, true, false, false, false, false]);
  });
});

describe('platform/screen: watching the viewport', () => {
  it('reads the class of a real viewport at the XS/VSM boundary', async () => {
    const view = await viewport(474);
    try {
      const watcher = createScreenSizeWatcher({ window: view.win });
      expect(watcher.sizeClass).to.equal(SizeClass.XS);
      expect(watcher.isMobile).to.equal(true);
      watcher.dispose();
      await view.resize(475);
      expect(createScreenSizeWatcher({ window: view.win }).sizeClass).to.equal(SizeClass.VSM);
    } finally {
      view.remove();
    }
  });

  it('reports a change once, 250 ms after the last resize event', async () => {
    const view = await viewport(500);
    const clock = new FakeClock();
    const watcher = createScreenSizeWatcher({ window: view.win, timers: clock });
    const seen: SizeClass[] = [];
    watcher.subscribe((c) => seen.push(c));
    try {
      await view.resize(700);
      clock.tick(200);
      await view.resize(800);
      clock.tick(249);
      expect(seen).to.deep.equal([]);
      expect(watcher.sizeClass).to.equal(SizeClass.VSM);
      clock.tick(1);
      expect(seen).to.deep.equal([SizeClass.MD]);
      expect(watcher.isMobile).to.equal(false);

      await view.resize(790);
      clock.tick(250);
      expect(seen, 'a resize within the same class is not a change').to.deep.equal([SizeClass.MD]);
    } finally {
      watcher.dispose();
      view.remove();
    }
  });

  it('settles with the real timers', async () => {
    const view = await viewport(1200);
    const watcher = createScreenSizeWatcher({ window: view.win });
    const seen: SizeClass[] = [];
    watcher.subscribe((c) => seen.push(c));
    try {
      expect(watcher.sizeClass).to.equal(SizeClass.XL);
      await view.resize(1534);
      await waitUntil(() => seen.length === 1, 'no change was reported');
      expect(seen).to.deep.equal([SizeClass.XXL]);
    } finally {
      watcher.dispose();
      view.remove();
    }
  });

  it('reports nothing after unsubscribe or dispose', async () => {
    const view = await viewport(1200);
    const clock = new FakeClock();
    const watcher = createScreenSizeWatcher({ window: view.win, timers: clock });
    const kept: SizeClass[] = [];
    const dropped: SizeClass[] = [];
    watcher.subscribe((c) => kept.push(c));
    watcher.subscribe((c) => dropped.push(c))();
    try {
      await view.resize(1000);
      clock.tick(250);
      expect(kept).to.deep.equal([SizeClass.LG]);
      expect(dropped).to.deep.equal([]);
      await view.resize(300);
      watcher.dispose();
      clock.tick(1000);
      await view.resize(1600);
      clock.tick(1000);
      expect(kept).to.deep.equal([SizeClass.LG]);
      expect(watcher.sizeClass).to.equal(SizeClass.LG);
    } finally {
      view.remove();
    }
  });
});
