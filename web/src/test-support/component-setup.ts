import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';
import { markRestored } from '@/offline/restore-state';

// Screens load on demand (lib/on-demand.tsx): the first import of a screen's modules is transformed by Vite while
// the test waits, over a second on a busy machine. findBy*/waitFor wait for their condition up to this long, not
// the library's 1 s default; a passing test still ends as soon as the condition holds.
configure({ asyncUtilTimeout: 10_000 });

// A fresh phone: nothing kept to read back (main.tsx marks it after reading IndexedDB; sign-in waits for it).
markRestored();

// Every component test starts from an empty page, no toast, an empty query cache and the real fetch (tests stub it).
afterEach(() => {
  cleanup();
  dismissToast();
  queryClient.clear();
  vi.unstubAllGlobals();
});
