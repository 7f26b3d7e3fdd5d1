import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { prerenderHomePage } from './prerender';

afterEach(() => {
  document.body.replaceChildren();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets and forgets a session cookie.
  document.cookie = 'ojo_jwt=; Max-Age=0; Path=/';
  document.documentElement.removeAttribute('data-session');
  vi.restoreAllMocks();
});

describe('the prerendered landing page', () => {
  it('is the logged-out landing page, every text and link of its hero in the markup', async () => {
    const { html } = await prerenderHomePage();
    // The page as it shows: no part hidden for a script to reveal later.
    expect(html).not.toMatch(/<script|<template| hidden=""/);
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const page = document.getElementById('root')!;
    expect(page.querySelector('h1')).toHaveTextContent(`Welcome to ${env.productName}`);
    const buttons = [...page.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toContain(`Login with ${env.providerName}`);
    expect(buttons).toContain('Have a referral code?');
    for (const provider of ['Twitter', 'Apple', 'Google']) {
      expect(page.querySelector(`button[aria-label="Log in with ${provider}"]`)).not.toBeNull();
    }
    expect(page.querySelector('[data-testid="hero-car"]')).toHaveAttribute('src', '/media/hero-car.svg');
    // The sections below the hero come with it, and the header's links.
    expect(page.querySelectorAll('[data-snap-section]').length).toBeGreaterThan(3);
    expect(page.querySelector('header a[href="/game"]')).not.toBeNull();
  });

  it('marks a visit with a session cookie before the first paint, and only such a visit', async () => {
    const { headScript } = await prerenderHomePage();
    const run = () => new Function(headScript)();
    run();
    expect(document.documentElement).not.toHaveAttribute('data-session');
    // biome-ignore lint/suspicious/noDocumentCookie: the page's session cookie, as a login writes it.
    document.cookie = 'other=1; Path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the page's session cookie, as a login writes it.
    document.cookie = 'ojo_jwt=a.b.c; Path=/';
    run();
    expect(document.documentElement).toHaveAttribute('data-session');
  });
});
