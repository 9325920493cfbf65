import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS app (ios/, Swift Package Manager): our web build (dist/native, `npm run build:native`) in a WKWebView.
 * Its pages load from capacitor://localhost, the one origin the API allows besides its own
 * (server/http/native-clients.ts: NATIVE_APP_ORIGINS); it signs in with a bearer token kept in the Keychain.
 * The app id is the bundle id of /.well-known/apple-app-site-association (APPLE_BUNDLE_ID, `TEAMID.app.tightlines`).
 * scripts/native/ios.test.ts keeps these, the server and ios/ in step. docs/native.md says how to build it.
 */
const config: CapacitorConfig = {
  appId: 'app.tightlines',
  appName: 'Tightlines',
  webDir: 'dist/native',
  server: { iosScheme: 'capacitor', hostname: 'localhost' },
  ios: { path: 'ios', contentInset: 'never', limitsNavigationsToAppBoundDomains: false },
};

export default config;
