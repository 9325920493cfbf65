/**
 * The outbox, sync engine and triggers (offline-runtime.ts) load on demand, so neither the shell nor a tab
 * carries them in its first bundle (decision 023). main.tsx loads them once the page is idle, so by the time
 * the angler saves or opens History they are normally there already (and precached for offline starts).
 */
export type OfflineRuntime = typeof import('./offline-runtime.ts');

let loading: Promise<OfflineRuntime> | null = null;

export function loadOfflineRuntime(): Promise<OfflineRuntime> {
  loading ??= import('./offline-runtime.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
