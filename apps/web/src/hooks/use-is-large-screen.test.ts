import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useIsLargeScreen } from './use-is-large-screen';

const originalWidth = window.innerWidth;

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useIsLargeScreen', () => {
  afterEach(() => resizeTo(originalWidth));

  it('is true only when the width is over 768 px, and follows resizes', () => {
    resizeTo(1280);
    const { result } = renderHook(() => useIsLargeScreen());
    expect(result.current).toBe(true);
    act(() => resizeTo(768));
    expect(result.current).toBe(false);
    act(() => resizeTo(769));
    expect(result.current).toBe(true);
    act(() => resizeTo(390));
    expect(result.current).toBe(false);
  });
});
