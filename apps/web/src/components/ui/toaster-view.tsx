import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { Toaster as SonnerToaster } from 'sonner';

/**
 * How far below the top of the window a toast shows: under the sticky 58 px header (app/layout/header.tsx) with an
 * 8 px gap, so a toast never covers the navigation, the balances or the login slot, on a phone or a desktop.
 */
export const TOAST_TOP_PX = 66;

/** The toast library's view, loaded by <Toaster /> when the first toast (or interaction) needs it. */
export function ToasterView() {
  return (
    <SonnerToaster
      theme="dark"
      position="top-center"
      duration={TOAST_DURATION_MS}
      offset={{ top: TOAST_TOP_PX }}
      mobileOffset={{ top: TOAST_TOP_PX }}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
