import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/*
 * The one query cache of the app. Not part of the app shell: the first screen (sign-in) needs no query, so the
 * library loads with the screens (app/lazy-page.tsx puts each screen inside this provider).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
