import { webAssetRoutes } from './web-asset-routes.js';

/** Translations for the widget and the console, from locales/. */
export const webAssetsFeature = webAssetRoutes;
