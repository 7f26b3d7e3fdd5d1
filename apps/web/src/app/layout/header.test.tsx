import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { Header } from './header';

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', Component: Header }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('header', () => {
  it('shows the four navigation links of product.md 2 with their targets', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Badges', '/mint-badge'],
      ['Game', '/game'],
      ['Referral', '/referral'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('links to X, Discord and Telegram in a new tab, safely, with accessible names', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    const expected = [
      ['X', env.social.xUrl],
      ['Discord', env.social.discordUrl],
      ['Telegram', env.social.telegramUrl],
    ];
    for (const [network, href] of expected) {
      const link = within(banner).getByRole('link', { name: `${env.productName} on ${network}` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('holds the login/logout slot and no fake login button', () => {
    renderHeader();
    const slot = screen.getByTestId('auth-slot');
    expect(within(screen.getByRole('banner')).getByTestId('auth-slot')).toBe(slot);
    expect(screen.queryByRole('button', { name: /log ?in/i })).not.toBeInTheDocument();
  });

  it('opens a mobile menu with the navigation and social links, closing it on navigation', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Badges', 'Game', 'Referral']);
    expect(within(menu).getByRole('link', { name: `${env.productName} on Discord` })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Game' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the mobile menu on Escape and gives the focus back to the menu button', async () => {
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
