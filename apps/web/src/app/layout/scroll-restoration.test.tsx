import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Link to="/next">Next</Link>} />
        <Route path="/next" element={<BackButton />} />
      </Routes>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  scrollWindowTo(0);
});

describe('ScrollRestoration', () => {
  it('starts a new page at the top and brings Back to where the person was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderApp();
    scrollWindowTo(640);
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollWindowTo(120);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
