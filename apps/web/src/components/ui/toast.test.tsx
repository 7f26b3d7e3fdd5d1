import { TOAST_DURATION_MS } from '@ojo/domain/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toaster } from './toaster';

describe('toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message and removes it after the spec duration of 3 seconds', async () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Copied!');
    });
    expect(await vi.waitFor(() => screen.getByText('Copied!'))).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500);
    });
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });
});
