import { REFERRAL_COPY_FEEDBACK_MS } from '@ojo/domain/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyField } from './copy-field';

/** jsdom has no clipboard; this one keeps what the page writes, as the browser's would. */
let clipboardText = '';
beforeEach(() => {
  clipboardText = '';
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: {
      writeText: async (text: string) => {
        clipboardText = text;
      },
    },
  });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('CopyField', () => {
  it('copies the value and says Copied for exactly 1 second', async () => {
    expect(REFERRAL_COPY_FEEDBACK_MS).toBe(1000);
    render(<CopyField label="Invite code" value="AB12CD" />);
    await click(screen.getByRole('button', { name: 'Copy invite code' }));

    expect(clipboardText).toBe('AB12CD');
    const button = screen.getByRole('button', { name: 'Invite code copied' });
    expect(button).toHaveTextContent('Copied');

    act(() => vi.advanceTimersByTime(REFERRAL_COPY_FEEDBACK_MS - 1));
    expect(button).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Copy');
    expect(button).not.toHaveTextContent('Copied');
    expect(button).toHaveAccessibleName('Copy invite code');
  });

  it('marks Copy and Copied with SVG icons, not characters an emoji font would have to draw', async () => {
    render(<CopyField label="Invite code" value="AB12CD" />);
    const button = screen.getByRole('button', { name: 'Copy invite code' });
    expect(button.querySelectorAll('svg')).toHaveLength(1);
    expect(button.textContent).toBe('Copy');
    await click(button);
    expect(button.querySelectorAll('svg')).toHaveLength(1);
    expect(button.textContent).toBe('Copied');
  });

  it('restarts the second when copied again', async () => {
    const link = 'http://localhost/?inviteCode=AB12CD&sourceType=web';
    render(<CopyField label="Invite link" value={link} />);
    const button = screen.getByRole('button', { name: 'Copy invite link' });
    await click(button);
    act(() => vi.advanceTimersByTime(600));
    await click(button);
    act(() => vi.advanceTimersByTime(600));
    expect(button).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(400));
    expect(button).not.toHaveTextContent('Copied');
    expect(clipboardText).toBe(link);
  });
});
