import { PUBLIC_ASSETS_ROUTE, type PublicAssetBundle, type PublicAssetsParams } from '../../protocol/assets.js';
import { AssetLoadError } from './asset-load-error.js';
import { loadAssetBundle, type AssetLoadOptions } from './load-assets.js';

/** The one RPC method this module needs; the platform's RpcClient provides it. */
export interface AssetRpc {
  call<R = unknown>(route: string, params?: object): Promise<R>;
}

const LISTS = ['css_libs', 'css_contents', 'js_libs', 'js_contents'] as const;

function isBundle(value: unknown): value is PublicAssetBundle {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return LISTS.every((name) => Array.isArray(v[name]) && (v[name] as unknown[]).every((item) => typeof item === 'string'));
}

/**
 * Asks the server to render a public asset bundle. Rejects with an {@link AssetLoadError}: `render_failed`
 * when the call fails (its message as the reason), `bad_answer` when the answer is not a bundle.
 */
export async function renderPublicAssets(rpc: AssetRpc, xmlid: string): Promise<PublicAssetBundle> {
  let answer: unknown;
  try {
    answer = await rpc.call(PUBLIC_ASSETS_ROUTE, { xmlid } satisfies PublicAssetsParams);
  } catch (error) {
    throw new AssetLoadError('render_failed', error instanceof Error ? error.message : String(error), error);
  }
  if (!isBundle(answer)) throw new AssetLoadError('bad_answer', `The answer for ${xmlid} is not an asset bundle`);
  return answer;
}

/** Renders a public asset bundle and loads it (see {@link loadAssetBundle}). */
export async function loadPublicAssets(rpc: AssetRpc, xmlid: string, options: AssetLoadOptions = {}): Promise<PublicAssetBundle> {
  const bundle = await renderPublicAssets(rpc, xmlid);
  await loadAssetBundle(bundle, options);
  return bundle;
}
