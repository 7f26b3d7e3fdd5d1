import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createLoginAccountProvider } from '@/features/auth/lib/create-login-account-provider';
import type { AuthStore } from '@/features/auth/stores/auth-store';
import { isApiError } from '@/lib/api-client';

const MAX_QUERY_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // An answer the server gave on purpose (4xx, success:false) does not change on retry; network blips may.
        retry: (failureCount, error) =>
          failureCount < MAX_QUERY_RETRIES &&
          !(isApiError(error) && (error.kind === 'envelope' || (error.status >= 400 && error.status < 500))),
      },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({
  onAuthStore,
  children,
}: {
  onAuthStore?: (store: AuthStore) => void;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  const [accountProvider] = useState(createLoginAccountProvider);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider accountProvider={accountProvider} onStore={onAuthStore}>
        {children}
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
