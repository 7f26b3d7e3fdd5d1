import type { AuthStore } from '@/features/auth/stores/auth-store';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ onAuthStore }: { onAuthStore?: (store: AuthStore) => void }) {
  return (
    <AppProvider onAuthStore={onAuthStore}>
      <AppRouter />
    </AppProvider>
  );
}
