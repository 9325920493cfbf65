import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { DeferredToaster } from '@/components/deferred-toaster';
import { queryClient } from '@/lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* SPEC §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <App />
        <DeferredToaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
