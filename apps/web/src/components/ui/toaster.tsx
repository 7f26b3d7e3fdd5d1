import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { Toaster as SonnerToaster } from 'sonner';

/** Where the toasts of components/ui/toast.ts appear. */
export function Toaster() {
  return (
    <SonnerToaster
      theme="dark"
      position="top-center"
      duration={TOAST_DURATION_MS}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
