import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toaster } from './toaster';

// The order matters: the toast library is loaded once per module, and the first test checks it is not loaded early.
describe('toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders no toast region until the first interaction, then the toast library', {
    timeout: 30_000,
  }, async () => {
    render(<Toaster />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    // The library is imported on demand; under a loaded machine that import can take seconds.
    expect(
      await screen.findByRole('region', { name: /Notifications/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('shows a message and removes it after the spec duration of 3 seconds', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Copied!');
    });
    expect(await vi.waitFor(() => screen.getByText('Copied!'))).toBeInTheDocument();
    // 66 px down: below the sticky 58 px header on every screen, never over it (TOAST_TOP_PX, not imported here so
    // the library stays unloaded until the first test loads it).
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(list?.style.getPropertyValue('--offset-top')).toBe('66px');
    expect(list?.style.getPropertyValue('--mobile-offset-top')).toBe('66px');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500);
    });
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('shows toasts made before the toaster was mounted and dismisses one by the id its call returned', {
    timeout: 30_000,
  }, async () => {
    let keptId: string | number = '';
    act(() => {
      toast.info('Made early');
      keptId = toast.error('Dismiss me');
    });
    render(<Toaster />);
    expect(await screen.findByText('Made early', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Dismiss me')).toBeInTheDocument();
    act(() => toast.dismiss(keptId));
    await waitFor(() => expect(screen.queryByText('Dismiss me')).not.toBeInTheDocument());
    expect(screen.getByText('Made early')).toBeInTheDocument();
  });
});
