import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { Toaster as SonnerToaster } from 'sonner';

/** The toast library's view, loaded by <Toaster /> when the first toast (or interaction) needs it. */
export function ToasterView() {
  return (
    <SonnerToaster
      theme="dark"
      position="top-center"
      duration={TOAST_DURATION_MS}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
