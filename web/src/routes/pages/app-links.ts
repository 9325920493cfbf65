/** Addresses the public pages show (SPEC §2 static pages). */
export const SUPPORT_EMAIL = 'support@tightlines.app';
export const SUPPORT_RESPONSE_TIME = '24-48 hours (business days)';

/** The official download site, as the download page names it. */
export const DOWNLOAD_SITE = 'tightlines.app/download';

// Placeholders: the native apps are not published yet. Replace these with the real store listings
// (App Store id and Play package name) when they are.
export const APP_STORE_URL = 'https://apps.apple.com/app/tightlines-fishing-log/id0000000000';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=app.tightlines';

/** A static file in web/public, downloaded by the domain-setup page. */
export const DOMAIN_SETUP_GUIDE_PATH = '/tightlines-domain-setup-guide.md';
