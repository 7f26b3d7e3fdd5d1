import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthStoreProvider } from '../components/auth-provider';
import { type TestAuth, testQueryClient } from './memory-auth';

/** The query client and auth store provider a component under test reads the session from. */
export function AuthTestProviders({ auth, children }: { auth: TestAuth; children: ReactNode }) {
  return (
    <QueryClientProvider client={auth.backend.cache ?? testQueryClient()}>
      <AuthStoreProvider store={auth.store} accountProvider={auth.accountProvider}>
        {children}
      </AuthStoreProvider>
    </QueryClientProvider>
  );
}
