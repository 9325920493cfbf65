/**
 * Who the native apps are (docs/native.md, docs/decisions/017-native-apps.md). The same names are in the server's
 * configuration (.env.example: ANDROID_PACKAGE, APPLE_BUNDLE_ID), in /domain-setup's guide and in the generated
 * projects; scripts/native/*.test.ts check that they agree.
 */
export const APP_ID = 'app.tightlines';
export const APP_NAME = 'Tightlines';

/** The checked-in projects are generated for this host; a deployment regenerates them with TIGHTLINES_ORIGIN. */
export const PLACEHOLDER_ORIGIN = 'https://tightlines.example.com';

/**
 * The origin the apps open (Android's Trusted Web Activity: start URL and scope) and call (the iOS app's API):
 * TIGHTLINES_ORIGIN, an https origin with no path, or the placeholder when unset.
 */
export function appOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.TIGHTLINES_ORIGIN || PLACEHOLDER_ORIGIN;
  const url = URL.canParse(given) ? new URL(given) : null;
  if (url?.protocol !== 'https:' || url.origin !== given.replace(/\/$/, '')) {
    throw new Error(`TIGHTLINES_ORIGIN must be an https origin like https://fish.example.com (got ${given})`);
  }
  return url.origin;
}
