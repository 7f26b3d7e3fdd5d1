import {
  type BadgeEntry,
  type BadgeSeriesEntry,
  badgeEntry,
  type ClaimableBadgeRow,
} from '@ojo/api-contract/badge';
import type { RouteDeclaration } from '@ojo/api-contract/route';
import { BADGE_TEXT } from '@ojo/domain/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Address, Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { apiClient } from '@/lib/api-client';
import { BadgeCard } from './badge-card';
import { CongratsModal, ShareModal } from './badge-modals';
import { BadgePage, type LinkedWallets } from './badge-page';

vi.mock('@/components/ui/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ACCOUNT = '0x1111111111111111111111111111111111111111' as Address;
const LINKED = '0x2222222222222222222222222222222222222222';

function badge(overrides: Partial<BadgeEntry> = {}): BadgeEntry {
  return badgeEntry.parse({
    id: 1001,
    status: 'pending',
    series: 'OnboardingBadge',
    seriesName: 'Onboarding Badge',
    name: 'Onboarding Badge',
    level: '1',
    category: 'EARLY_BIRD',
    allowType: 'GTD',
    logo: 'ojo-arena://badges/1001',
    desc: 'Complete the onboarding tasks',
    showLevel: false,
    claimableId: null,
    address: null,
    tokenId: '1001',
    syncState: null,
    progress: [{ type: 'task_count', name: 'Tasks done', value: '1', condition: '2' }],
    ...overrides,
  });
}

const assetBadge = (status: BadgeEntry['status']) =>
  badge({
    id: 2001,
    series: 'DojoBadge',
    seriesName: 'Dojo Badge',
    name: 'Dojo Badge: Partner NFT',
    tokenId: '2001',
    status,
    claimableId: status === 'claimable' ? 'c-2001' : null,
    progress: [
      { type: 'asset_hold', name: 'Partner NFT', value: status === 'pending' ? '0' : '1', condition: '1' },
    ],
  });

function row(claimableId: string): ClaimableBadgeRow {
  return {
    claimableId,
    address: ACCOUNT,
    contractAddress: '0x3333333333333333333333333333333333333333',
    currency: '0x0000000000000000000000000000000000000000',
    pricePerToken: '0',
    primarySaleRecipient: ACCOUNT,
    quantity: '1',
    royaltyBps: '0',
    royaltyRecipient: ACCOUNT,
    signature: '0x00',
    tokenId: '2001',
    uid: `0x${'ab'.repeat(32)}`,
    uri: 'ojo-arena://badges/2001',
    validityStartTimestamp: '0',
    validityEndTimestamp: '9999999999',
  };
}

/** What the badge API answers, per route; every call goes through apiClient.callRoute. */
interface Server {
  series: BadgeSeriesEntry[];
  claimable: number;
  rows: ClaimableBadgeRow[];
  checkFails?: boolean;
}

let server: Server;

function serve() {
  vi.spyOn(apiClient, 'callRoute').mockImplementation((async (route: RouteDeclaration) => {
    const key = `${route.method} ${route.path}`;
    switch (key) {
      case 'GET /v1/series/badge':
        return server.series;
      case 'GET /v1/badges':
        return { rows: server.claimable };
      case 'POST /v1/check/badge':
        if (server.checkFails) throw new Error('down');
        return { claimableCount: server.claimable };
      case 'GET /v1/check/badge':
        return { claimableCount: server.claimable };
      case 'POST /wallets/claim/badges':
        return server.rows;
      case 'POST /tx/sync':
        return true;
      case 'POST /v1/transaction/process/:hash':
        return { claimed: server.rows.length };
      default:
        throw new Error(`unexpected call ${key}`);
    }
  }) as never);
}

const series = (...nfts: BadgeEntry[]): BadgeSeriesEntry[] => {
  const bySeries = new Map<string, BadgeEntry[]>();
  for (const nft of nfts) bySeries.set(nft.series, [...(bySeries.get(nft.series) ?? []), nft]);
  return [...bySeries].map(([name, entries]) => ({
    series: name as BadgeSeriesEntry['series'],
    seriesName: entries[0]?.seriesName ?? name,
    nfts: entries,
  }));
};

const mintBadges = vi.fn(
  async (_account: Address, _rows: readonly ClaimableBadgeRow[], onSent: (hash: Hex) => void) => {
    const hash = `0x${'cd'.repeat(32)}` as Hex;
    onSent(hash);
    return { userOpHash: hash, succeeded: true };
  },
);

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

function renderPage(linkedWallets: LinkedWallets = {}) {
  return render(
    <Providers>
      <BadgePage
        account={ACCOUNT}
        linkedWallets={linkedWallets}
        mintBadges={mintBadges}
        onWalletLinked={vi.fn()}
        referralLink="http://localhost:3000/?inviteCode=AB12CD&sourceType=web"
      />
    </Providers>,
  );
}

const assetCard = () => screen.getByTestId('asset-card-result');

beforeEach(() => {
  server = { series: series(badge(), assetBadge('pending')), claimable: 0, rows: [] };
  serve();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.error).mockClear();
  mintBadges.mockClear();
});

describe('BadgePage claim banner (product.md 2)', () => {
  it("shows 'Badges' and '0 Claimable Badges' with Claim disabled", async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: BADGE_TEXT.bannerTitle, level: 2 })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('claimable-count')).toHaveTextContent('0 Claimable Badges'),
    );
    expect(screen.getByRole('button', { name: BADGE_TEXT.claim })).toBeDisabled();
    expect(screen.getByRole('button', { name: BADGE_TEXT.tryAgain })).toBeEnabled();
  });

  it("counts claimable badges; Claim mints them and the congrats modal says 'You just got N badges'", async () => {
    const claimable = badge({ status: 'claimable', claimableId: 'c-1001' });
    const second = badge({
      id: 3001,
      series: 'DailyDriver',
      seriesName: 'Daily Driver',
      name: 'Daily Driver',
      status: 'claimable',
      claimableId: 'c-3001',
      tokenId: '3001',
    });
    server = {
      series: series(claimable, second, assetBadge('pending')),
      claimable: 2,
      rows: [row('c-1001'), row('c-3001')],
    };
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('claimable-count')).toHaveTextContent('2 Claimable Badges'),
    );
    const claim = screen.getByRole('button', { name: BADGE_TEXT.claim });
    await waitFor(() => expect(claim).toBeEnabled());
    // A double click mints once.
    await userEvent.dblClick(claim);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You just got 2 badges')).toBeInTheDocument();
    expect(mintBadges).toHaveBeenCalledTimes(1);
    expect(mintBadges.mock.calls[0]?.[1].map((entry) => entry.claimableId)).toEqual(['c-1001', 'c-3001']);
    // A click after that mint finished, before the list drops the minted rows (here the server still lists them),
    // mints nothing again: the same requests are never sent twice from the page, whatever the timing.
    await waitFor(() => expect(claim).toBeEnabled());
    // The mint starts inside the click (the provider's popup needs it), so a second mint would be counted already.
    fireEvent.click(claim);
    expect(mintBadges).toHaveBeenCalledTimes(1);
  });

  it('Try Again runs the check again; a failed check shows its error text', async () => {
    renderPage();
    await waitFor(() =>
      expect(apiClient.callRoute).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'POST', path: '/v1/check/badge' }),
        expect.anything(),
      ),
    );
    server.checkFails = true;
    await userEvent.click(screen.getByRole('button', { name: BADGE_TEXT.tryAgain }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BADGE_TEXT.checkFailed));
    server.checkFails = false;
    server.claimable = 1;
    await userEvent.click(screen.getByRole('button', { name: BADGE_TEXT.tryAgain }));
    await waitFor(() =>
      expect(screen.getByTestId('claimable-count')).toHaveTextContent('1 Claimable Badges'),
    );
  });
});

describe('BadgePage asset-badge section (product.md 2, product.md 4 Asset badge button)', () => {
  it('Verify is disabled while no wallet is linked; both link slots show and Solana is refused in a note', async () => {
    renderPage();
    expect(await within(assetCard()).findByRole('button', { name: BADGE_TEXT.verify })).toBeDisabled();
    expect(screen.getByText(BADGE_TEXT.solanaNotSupported)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Partner NFT wallet' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Partner token wallet' })).toBeInTheDocument();
  });

  it('a linked slot shows its wallet and no connect button (locked once set); the other slot stays open', async () => {
    window.addEventListener('eip6963:requestProvider', announceTestWallet);
    try {
      renderPage({ partner_nft: LINKED });
      const nft = screen.getByTestId('link-slot-partner_nft');
      expect(within(nft).getByTestId('linked-wallet')).toHaveTextContent('0x2222');
      expect(within(nft).queryByRole('button')).toBeNull();
      const token = screen.getByTestId('link-slot-partner_token');
      expect(await within(token).findByRole('button', { name: 'Connect Test Wallet' })).toBeEnabled();
      expect(within(assetCard()).getByRole('button', { name: BADGE_TEXT.verify })).toBeEnabled();
    } finally {
      window.removeEventListener('eip6963:requestProvider', announceTestWallet);
    }
  });

  it('the connect buttons are disabled once the status is not pending, and Claim shows when claimable', async () => {
    server = { series: series(assetBadge('claimable')), claimable: 1, rows: [row('c-2001')] };
    window.addEventListener('eip6963:requestProvider', announceTestWallet);
    try {
      renderPage({ partner_nft: LINKED });
      const claim = await within(assetCard()).findByRole('button', { name: BADGE_TEXT.claim });
      await waitFor(() => expect(claim).toBeEnabled());
      const token = screen.getByTestId('link-slot-partner_token');
      expect(await within(token).findByRole('button', { name: 'Connect Test Wallet' })).toBeDisabled();
      await userEvent.click(claim);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(BADGE_TEXT.assetClaimSuccessBody)).toBeInTheDocument();
    } finally {
      window.removeEventListener('eip6963:requestProvider', announceTestWallet);
    }
  });

  it('a claimed asset badge shows the CLAIMED marker instead of a button', async () => {
    server = { series: series(assetBadge('claimed')), claimable: 0, rows: [] };
    renderPage({ partner_nft: LINKED });
    expect(await within(assetCard()).findByText(BADGE_TEXT.claimed)).toBeInTheDocument();
    expect(within(assetCard()).queryByRole('button')).toBeNull();
  });

  it('Verify asks confirmation, then, still pending 2 s later, the assets-not-met toast shows', async () => {
    renderPage({ partner_nft: LINKED });
    const verify = await within(assetCard()).findByRole('button', { name: BADGE_TEXT.verify });
    await waitFor(() => expect(verify).toBeEnabled());
    await userEvent.click(verify);
    await userEvent.click(within(assetCard()).getByRole('button', { name: 'Confirm' }));
    expect(toast.error).not.toHaveBeenCalledWith(BADGE_TEXT.assetsNotMet);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BADGE_TEXT.assetsNotMet), { timeout: 5000 });
  });
});

describe('BadgeCard (product.md 4: ribbon, dimming, Go, progress)', () => {
  const renderCard = (entry: BadgeEntry) =>
    render(
      <MemoryRouter>
        <ul>
          <BadgeCard badge={entry} />
        </ul>
      </MemoryRouter>,
    );

  it('a claimable badge carries the ribbon and is dimmed (not claimed yet)', () => {
    renderCard(badge({ status: 'claimable', claimableId: 'c-1' }));
    expect(screen.getByText(BADGE_TEXT.claimableRibbon)).toBeInTheDocument();
    // Dimmed is the badge's art, not the card: its texts and Go stay readable.
    expect(screen.getByTestId('badge-card')).toHaveAttribute('data-dimmed', 'true');
    expect(screen.getByTestId('badge-art')).toHaveClass('opacity-50');
  });

  it('a claimed badge is not dimmed, has no ribbon and shows CLAIMED', () => {
    renderCard(
      badge({
        status: 'claimed',
        progress: [{ type: 'task_count', name: 'Tasks done', value: '2', condition: '2' }],
      }),
    );
    expect(screen.queryByText(BADGE_TEXT.claimableRibbon)).toBeNull();
    expect(screen.getByTestId('badge-card')).toHaveAttribute('data-dimmed', 'false');
    expect(screen.getByTestId('badge-art')).not.toHaveClass('opacity-50');
    expect(screen.getByText(BADGE_TEXT.claimed)).toBeInTheDocument();
  });

  it('a pending counted badge shows its progress bar and Go (a Dash badge); an onboarding badge neither', () => {
    renderCard(badge());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('link', { name: BADGE_TEXT.go })).toBeNull();
    renderCard(
      badge({
        id: 4001,
        series: 'DojoDash',
        seriesName: 'Dojo Dash',
        name: 'Dojo Dash',
        tokenId: '4001',
        progress: [{ type: 'race_count', name: 'Rounds played', value: '3', condition: '10' }],
      }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('3/10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BADGE_TEXT.go })).toHaveAttribute('href', '/game');
  });

  it("a badge's Go leads where it is earned, and its art is its series' emblem, not a letter", () => {
    renderCard(
      badge({ id: 4001, series: 'DailyDriver', seriesName: 'Daily Driver', name: 'Daily Driver I' }),
    );
    expect(screen.getByRole('link', { name: BADGE_TEXT.go })).toHaveAttribute('href', '/game/check-in');
    const art = screen.getByTestId('badge-art');
    expect(art.tagName).toBe('IMG');
    expect(art).toHaveAttribute('src', '/media/badges/series/daily-driver.svg');
    expect(art).toHaveTextContent('');
  });
});

describe('CongratsModal', () => {
  it("says 'You just got N badges'", () => {
    render(<CongratsModal count={3} onClose={vi.fn()} onShare={vi.fn()} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('You just got 3 badges');
    expect(screen.getByRole('heading', { name: 'congrats' })).toBeInTheDocument();
  });
});

function announceTestWallet() {
  const detail = {
    info: { uuid: 'test-wallet', name: 'Test Wallet', icon: 'data:,', rdns: 'dev.test' },
    provider: { request: async () => [] },
  };
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
}

describe('ShareModal', () => {
  it('posts the badges just collected with the mention, hashtag, $OJO and the invite link to the X intent', () => {
    const link = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';
    render(<ShareModal badges={2} referralLink={link} onClose={vi.fn()} />);
    const href = new URL(screen.getByRole('link', { name: 'Post on X' }).getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://x.com/intent/tweet');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain('collected 2 badges');
    for (const part of [link, '@OJOArena', '#OJOArena', '$OJO']) expect(text).toContain(part);
  });
});
