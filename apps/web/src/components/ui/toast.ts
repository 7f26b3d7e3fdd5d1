import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import type { ExternalToast } from 'sonner';

/**
 * Toasts of the app; every one lasts the product.md 3 seconds (product.md 9) unless a call says otherwise.
 *
 * The toast library loads on the first toast (or, through <Toaster />, on the first interaction), never with the
 * page: the landing page's initial JavaScript stays small. Calls made meanwhile run in order once it is
 * there, and the id a call returns is chosen here, so it can be dismissed before the library has arrived.
 */
type ToastOptions = Omit<ExternalToast, 'duration'>;
type ToastId = string | number;
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const toasterWantedListeners = new Set<() => void>();

/** Loads the toast library once and tells the mounted <Toaster /> to render its real view. */
export function loadToastLibrary(): Promise<Sonner> {
  if (!sonner) {
    const loading = import('sonner');
    sonner = loading;
    // A failed download (flaky network) is forgotten, so that the next toast tries again.
    loading.catch(() => {
      if (sonner === loading) sonner = undefined;
    });
    for (const listener of toasterWantedListeners) listener();
  }
  return sonner;
}

/** For <Toaster />: called once the library is wanted (at once if it already is); returns the unsubscribe. */
export function onToastLibraryWanted(listener: () => void): () => void {
  if (sonner) {
    listener();
    return () => {};
  }
  toasterWantedListeners.add(listener);
  return () => toasterWantedListeners.delete(listener);
}

let lastId = 0;
const nextId = () => `toast-${++lastId}`;

function show(
  kind: 'success' | 'error' | 'info' | 'message',
  message: string,
  options?: ToastOptions,
): ToastId {
  const id = options?.id ?? nextId();
  const settings: ExternalToast = { duration: TOAST_DURATION_MS, ...options, id };
  loadToastLibrary().then(
    ({ toast: sonnerToast }) => {
      if (kind === 'message') sonnerToast(message, settings);
      else sonnerToast[kind](message, settings);
    },
    // A failed download of the toast library must not become an unhandled rejection; the page works on without.
    (error: unknown) => console.error('Could not load the toast library', error),
  );
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  message: (message: string, options?: ToastOptions) => show('message', message, options),
  dismiss: (id?: ToastId) => {
    // Nothing to dismiss before the library has ever loaded.
    sonner?.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id)).catch(() => {});
  },
};
