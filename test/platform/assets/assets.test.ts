import { expect, waitUntil } from '@open-wc/testing';
import { AssetLoadError, loadAssetBundle, loadPublicAssets, renderPublicAssets } from '../../../src/platform/assets/index.js';
import { RpcClient } from '../../../src/platform/rpc/index.js';

type ProbeWindow = Window & { __platformIoLib?: number; __platformIoInline?: number };

/** A fresh page of the same origin per test: scripts it loads cannot leak into other tests. */
async function freshPage(): Promise<{ doc: Document; win: ProbeWindow; remove: () => void }> {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const doc = frame.contentDocument!;
  await waitUntil(() => doc.readyState === 'complete', 'the frame never loaded');
  doc.body.innerHTML = '<p class="platform-io-probe">probe</p><p class="platform-io-inline">inline</p>';
  return { doc, win: frame.contentWindow as ProbeWindow, remove: () => frame.remove() };
}

async function rejection(promise: Promise<unknown>): Promise<AssetLoadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AssetLoadError) return error;
    throw error;
  }
  throw new Error('expected an AssetLoadError');
}

describe('platform/assets: public asset bundles', () => {
  const rpc = new RpcClient({ baseUrl: '/__test__/platform-io' });

  it('renders a bundle through the JSON-RPC call', async () => {
    const bundle = await renderPublicAssets(rpc, 'test.good');
    expect(bundle.css_libs).to.deep.equal(['/__test__/platform-io/asset.css']);
    expect(bundle.js_libs).to.deep.equal(['/__test__/platform-io/asset.js']);
  });

  it('in the widget build, loads styles but only warns about scripts', async () => {
    const page = await freshPage();
    const warnings: string[] = [];
    try {
      await loadPublicAssets(rpc, 'test.good', { target: page.doc, warn: (m) => warnings.push(m) });
      const [probe, inline] = [...page.doc.querySelectorAll('p')];
      expect(page.win.getComputedStyle(probe!).color).to.equal('rgb(1, 2, 3)');
      expect(page.win.getComputedStyle(inline!).marginLeft).to.equal('7px');
      expect(page.win.__platformIoLib).to.equal(undefined);
      expect(page.win.__platformIoInline).to.equal(undefined);
      expect(page.doc.querySelectorAll('script')).to.have.length(0);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain('/__test__/platform-io/asset.js').and.contain('inline script 1');
    } finally {
      page.remove();
    }
  });

  it('warns on the console by default', async () => {
    const page = await freshPage();
    const original = console.warn;
    const warnings: unknown[][] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await loadPublicAssets(rpc, 'test.good', { target: page.doc });
    } finally {
      console.warn = original;
      page.remove();
    }
    expect(warnings).to.have.length(1);
  });

  it('loads scripts in order, once, when the policy allows it', async () => {
    const page = await freshPage();
    try {
      await loadPublicAssets(rpc, 'test.good', { target: page.doc, scripts: 'load' });
      expect(page.win.__platformIoLib).to.equal(1);
      expect(page.win.__platformIoInline).to.equal(1);
      await loadPublicAssets(rpc, 'test.good', { target: page.doc, scripts: 'load' });
      expect(page.win.__platformIoLib).to.equal(1);
      expect(page.win.__platformIoInline).to.equal(1);
      expect(page.doc.adoptedStyleSheets).to.have.length(1);
      expect(page.doc.querySelectorAll('link[rel=stylesheet]')).to.have.length(1);
    } finally {
      page.remove();
    }
  });

  it('puts styles into a shadow root without touching the page', async () => {
    const page = await freshPage();
    try {
      const host = page.doc.createElement('div');
      page.doc.body.append(host);
      const root = host.attachShadow({ mode: 'open' });
      root.innerHTML = '<p class="platform-io-probe">inside</p>';
      await loadPublicAssets(rpc, 'test.css-only', { target: root });
      expect(page.win.getComputedStyle(root.querySelector('p')!).color).to.equal('rgb(1, 2, 3)');
      expect(page.win.getComputedStyle(page.doc.querySelector('p')!).color).not.to.equal('rgb(1, 2, 3)');
    } finally {
      page.remove();
    }
  });

  it('fails with the spec text and the reason when a stylesheet does not load', async () => {
    const page = await freshPage();
    try {
      const error = await rejection(loadPublicAssets(rpc, 'test.broken-css', { target: page.doc }));
      expect(error.code).to.equal('load_failed');
      expect(error.message).to.equal('Unable to render the required templates for the assets to load: Could not load /__test__/platform-io/missing.css');
      expect(error.text).to.deep.equal({ key: 'errors.assetsFailed' });
    } finally {
      page.remove();
    }
  });

  it('fails when a script does not load', async () => {
    const page = await freshPage();
    try {
      const error = await rejection(loadPublicAssets(rpc, 'test.broken-js', { target: page.doc, scripts: 'load' }));
      expect(error.code).to.equal('load_failed');
      expect(error.reason).to.equal('Could not load /__test__/platform-io/missing.js');
    } finally {
      page.remove();
    }
  });

  it('fails with the server reason when the render call fails', async () => {
    const error = await rejection(renderPublicAssets(rpc, 'test.unknown'));
    expect(error.code).to.equal('render_failed');
    expect(error.reason).to.equal('External ID not found: test.unknown');
    expect(error.message).to.equal('Unable to render the required templates for the assets to load: External ID not found: test.unknown');
  });

  it('refuses an answer that is not a bundle', async () => {
    const error = await rejection(renderPublicAssets(rpc, 'test.bad-shape'));
    expect(error.code).to.equal('bad_answer');
  });

  it('loads a bundle given directly', async () => {
    const page = await freshPage();
    try {
      await loadAssetBundle({ css_libs: [], css_contents: ['p { text-indent: 3px; }'], js_libs: [], js_contents: [] }, { target: page.doc });
      expect(page.win.getComputedStyle(page.doc.querySelector('p')!).textIndent).to.equal('3px');
    } finally {
      page.remove();
    }
  });
});
