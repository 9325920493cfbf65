/** Facts the app reports about itself (docs/product.md#profile, docs/product.md#constants). */
export const APP_VERSION = '1.0.0';
export const APP_LAST_UPDATED = 'April 29, 2025';
