import { z } from 'zod';

// zod compiles object parsers with `new Function` when it can; our CSP forbids eval in the browser, so zod's
// probe for it shows up as a CSP violation (and a Lighthouse best-practices issue). Parse without it.
z.config({ jitless: true });
