import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthState, useAuthStore } from '../hooks/use-auth';

/** Performs the navigations the auth store asks for (it lives above the router, in the app provider). */
export function AuthRouterBridge() {
  const store = useAuthStore();
  const { navigation } = useAuthState();
  const navigate = useNavigate();
  useEffect(() => {
    if (!store || !navigation) return;
    store.consumeNavigation();
    void navigate(navigation.to, { replace: navigation.replace });
  }, [store, navigation, navigate]);
  return null;
}
