import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { Toaster } from '@/components/ui/toaster';
import { env } from '@/config/env';
import { type HomeLoginActions, HomeLoginActionsProvider } from '@/lib/login-actions';
import { clearReferralSelection, selectReferral } from '@/lib/referral-selection';
import { HeaderLoginButtons } from './header-login-buttons';
import { HeroSection } from './hero-section';

function renderWith(ui: ReactNode, actions?: HomeLoginActions) {
  const client = new QueryClient();
  const content = actions ? <HomeLoginActionsProvider value={actions}>{ui}</HomeLoginActionsProvider> : ui;
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        {content}
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const loginName = `Login with ${env.providerName}`;

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  clearReferralSelection();
  toast.dismiss(); // toasts live in a module-wide store: start each test without the previous one's
});
afterEach(() => scrollTo(0));

describe('hero login', () => {
  it('marks the provider login as recommended for new users', () => {
    renderWith(<HeroSection entryCode={null} entrySourceType={null} />);
    expect(screen.getByRole('button', { name: loginName })).toHaveAccessibleDescription(
      'Recommended for new users',
    );
  });

  it('calls the plugged-in handlers with the selected invite code and the old-user provider', async () => {
    const user = userEvent.setup();
    const onLoginWithProvider = vi.fn();
    const onOldUserLogin = vi.fn();
    renderWith(<HeroSection entryCode={null} entrySourceType={null} />, {
      onLoginWithProvider,
      onOldUserLogin,
    });

    await user.click(screen.getByRole('button', { name: loginName }));
    expect(onLoginWithProvider).toHaveBeenLastCalledWith('', 'web');
    act(() => selectReferral('AB12CD', 'DOJO_DASH'));
    await user.click(screen.getByRole('button', { name: loginName }));
    expect(onLoginWithProvider).toHaveBeenLastCalledWith('AB12CD', 'DOJO_DASH');

    await user.click(screen.getByRole('button', { name: 'Log in with Twitter' }));
    await user.click(screen.getByRole('button', { name: 'Log in with Apple' }));
    await user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    expect(onOldUserLogin.mock.calls).toEqual([['twitter'], ['apple'], ['google']]);
  });

  it('shows a full user no login buttons', () => {
    renderWith(<HeroSection entryCode={null} entrySourceType={null} />, { isFullUser: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Welcome to ${env.productName}`);
    expect(screen.queryByRole('button', { name: loginName })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in with Google' })).not.toBeInTheDocument();
  });

  it('offers a logged-in player the way on: play and tasks, or Create profile while there is no profile', () => {
    const { unmount } = renderWith(<HeroSection entryCode={null} entrySourceType={null} />, {
      isFullUser: true,
      call: 'play',
    });
    expect(screen.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/game');
    expect(screen.getByRole('link', { name: 'Start earning' })).toHaveAttribute('href', '/game/task');
    unmount();
    renderWith(<HeroSection entryCode={null} entrySourceType={null} />, {
      isFullUser: true,
      call: 'createProfile',
    });
    expect(screen.getByRole('link', { name: 'Create your profile' })).toHaveAttribute(
      'href',
      '/create-profile',
    );
    expect(screen.queryByRole('link', { name: 'Play now' })).not.toBeInTheDocument();
  });

  it('shows no login buttons while a logged-in player loads', () => {
    renderWith(<HeroSection entryCode={null} entrySourceType={null} />, { call: 'loading' });
    expect(screen.queryByRole('button', { name: loginName })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('HeaderLoginButtons', () => {
  it('appears only after scrolling past 300 px', () => {
    renderWith(<HeaderLoginButtons />);
    expect(screen.queryByRole('button', { name: loginName })).not.toBeInTheDocument();
    scrollTo(300);
    expect(screen.queryByRole('button', { name: loginName })).not.toBeInTheDocument();
    scrollTo(301);
    expect(screen.getByRole('button', { name: loginName })).toBeInTheDocument();
  });

  it('never appears for a full user', () => {
    renderWith(<HeaderLoginButtons revealOnScroll={false} />, { isFullUser: true });
    scrollTo(900);
    expect(screen.queryByRole('button', { name: loginName })).not.toBeInTheDocument();
  });
});
