import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { Footer } from './footer';

describe('footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the current year and the product name', () => {
    render(<Footer />);
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} ${env.productName}`)).toBeInTheDocument();
  });

  it('computes the year at render time, not at build time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    render(<Footer />);
    expect(screen.getByText(`© 2031 ${env.productName}`)).toBeInTheDocument();
  });
});
