// Apart from catch-check.ts: the Log form's coordinate fields check with the contract too, and the Log tab (the
// shell's first screen, decision 023) loads this loader, not the checks.
let contract: Promise<typeof import('#core/catch-schema.ts')> | null = null;

/**
 * The catch contract's schemas: zod comes in a chunk of its own, loaded at the first check, or earlier when the
 * page warms its tabs for offline use without a service worker (main.tsx); with one, it is precached.
 */
export function loadCatchContract(): Promise<typeof import('#core/catch-schema.ts')> {
  contract ??= Promise.all([import('#core/catch-schema.ts'), import('../../lib/zod-config.ts')])
    .then(([schemas]) => schemas)
    .catch((error: unknown) => {
      contract = null;
      throw error;
    });
  return contract;
}
