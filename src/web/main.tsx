import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { Toaster } from './components/ui/toast';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();

const root = createRoot(document.getElementById('root')!);
// The first render is a transition, so React renders in short slices and the page answers input sooner.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
});
