// wouter imports useSyncExternalStore from 'use-sync-external-store/shim', a fallback for React before 18 that
// would ship in the shell's first load; React 19 has it built in (vite.config.ts aliases the shim to this file).
export { useSyncExternalStore } from 'react';
