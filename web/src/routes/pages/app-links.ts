/** Addresses the public pages show (docs/product.md#static-pages). */
export const SUPPORT_EMAIL = 'support@tightlines.app';
export const SUPPORT_RESPONSE_TIME = '24-48 hours (business days)';

// The store listings are not built in: each deployment sets its own (APP_STORE_URL, GOOGLE_PLAY_URL on the server,
// read by the download page through GET /api/store-listings).

/** A static file in web/public, downloaded by the domain-setup page. */
export const DOMAIN_SETUP_GUIDE_PATH = '/tightlines-domain-setup-guide.md';
