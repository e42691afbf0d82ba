/**
 * The public-asset render call (SPEC.md §7 "A public-asset render call fetches lists of css and js links
 * and inline contents"). A JSON-RPC call to {@link PUBLIC_ASSETS_ROUTE} with {@link PublicAssetsParams};
 * the answer is a {@link PublicAssetBundle}. The reference server rendered an HTML fragment and the client
 * scraped it; this protocol answers the four lists directly.
 */

/** Route of the render call. */
export const PUBLIC_ASSETS_ROUTE = '/web/public_assets/render';

/** Parameters: the id of the asset bundle to render, e.g. `im_livechat.external_lib`. */
export interface PublicAssetsParams {
  xmlid: string;
}

/**
 * The rendered bundle, each list in load order. Links are absolute URLs or paths on the server; contents are
 * CSS or JavaScript source text.
 */
export interface PublicAssetBundle {
  css_libs: string[];
  css_contents: string[];
  js_libs: string[];
  js_contents: string[];
}
