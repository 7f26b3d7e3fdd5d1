import type { ReactNode } from 'react';

/** The box of the header's login/logout slot: the auth slot's, and the landing page's light start's (src/landing.tsx). */
export function AuthSlotFrame({ children }: { children: ReactNode }) {
  return (
    <div data-testid="auth-slot" className="flex items-center gap-2">
      {children}
    </div>
  );
}
