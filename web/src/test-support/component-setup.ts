import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/query-client';
import { markRestored } from '@/offline/restore-state';

// A fresh phone: nothing kept to read back (main.tsx marks it after reading IndexedDB; sign-in waits for it).
markRestored();

// Every component test starts from an empty page, no toast, an empty query cache and the real fetch (tests stub it).
afterEach(() => {
  cleanup();
  dismissToast();
  queryClient.clear();
  vi.unstubAllGlobals();
});
