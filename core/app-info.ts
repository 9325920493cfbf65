/** Facts the app reports about itself (SPEC §1, §9). */
export const APP_VERSION = '1.0.0';
export const APP_LAST_UPDATED = 'April 29, 2025';
