import { HEADER_LOGIN_SCROLL_PX, isHeaderLoginVisible, isHeroCarSlid } from '@ojo/domain/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrollCondition, useScrolledPast } from './use-scrolled-past';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

describe('useScrolledPast', () => {
  it('turns true only past the given number of pixels and back when scrolled up', () => {
    const { result } = renderHook(() => useScrolledPast(HEADER_LOGIN_SCROLL_PX));
    expect(result.current).toBe(false);
    scrollTo(300);
    expect(result.current).toBe(false);
    scrollTo(301);
    expect(result.current).toBe(true);
    scrollTo(10);
    expect(result.current).toBe(false);
  });
});

describe('useScrollCondition', () => {
  it('follows the hero car rule: slid at 100 px or more', () => {
    const { result } = renderHook(() => useScrollCondition(isHeroCarSlid));
    scrollTo(99);
    expect(result.current).toBe(false);
    scrollTo(100);
    expect(result.current).toBe(true);
  });

  it('follows the header login rule: visible past 300 px', () => {
    const { result } = renderHook(() => useScrollCondition(isHeaderLoginVisible));
    scrollTo(300);
    expect(result.current).toBe(false);
    scrollTo(450);
    expect(result.current).toBe(true);
  });
});
