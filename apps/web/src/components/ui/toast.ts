import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { type ExternalToast, toast as sonnerToast } from 'sonner';

/** Toasts of the app; every one lasts the spec's 3 seconds (spec point 9) unless a call says otherwise. */
type ToastOptions = Omit<ExternalToast, 'duration'>;

const withDuration = (options?: ToastOptions): ExternalToast => ({ duration: TOAST_DURATION_MS, ...options });

export const toast = {
  success: (message: string, options?: ToastOptions) => sonnerToast.success(message, withDuration(options)),
  error: (message: string, options?: ToastOptions) => sonnerToast.error(message, withDuration(options)),
  info: (message: string, options?: ToastOptions) => sonnerToast.info(message, withDuration(options)),
  message: (message: string, options?: ToastOptions) => sonnerToast(message, withDuration(options)),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};
