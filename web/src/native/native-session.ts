import { KeychainAccess, SecureStorage } from '@aparajita/capacitor-secure-storage';
import { installNativeSessionTransport } from '../api/http.ts';

/** Where the iOS app keeps its session token: the Keychain, never synced to iCloud or restored on another device. */
export interface TokenStore {
  read(): Promise<string | null>;
  write(token: string | null): Promise<void>;
}

const TOKEN_KEY = 'session-token';

const keychain: TokenStore = {
  async read() {
    const value = await SecureStorage.get(TOKEN_KEY, false, false);
    return typeof value === 'string' ? value : null;
  },
  async write(token) {
    if (token === null) await SecureStorage.remove(TOKEN_KEY, false);
    else await SecureStorage.set(TOKEN_KEY, token, false, false, KeychainAccess.whenUnlockedThisDeviceOnly);
  },
};

/**
 * The native build's API transport (only imported when VITE_API_BASE_URL is set at build time, see main.tsx):
 * every http() call goes to `baseUrl` with the kept token as a bearer, and a token the server hands over (or ends)
 * is written back to the Keychain. Resolves once the kept token is read, before the first request.
 */
export async function startNativeSession(baseUrl: string, store: TokenStore = keychain): Promise<void> {
  let token = await store.read().catch(() => null);
  installNativeSessionTransport({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    token: () => token,
    tokenChanged(next) {
      token = next;
      void store.write(next).catch(() => {});
    },
  });
}
