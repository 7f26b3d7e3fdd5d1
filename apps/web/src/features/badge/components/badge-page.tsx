import type { BadgeEntry, BadgeSeriesEntry } from '@ojo/api-contract/badge';
import {
  assetBadgeButton,
  isPartnerWalletConnectDisabled,
  pendingAfterVerifyToast,
} from '@ojo/domain/badges/asset-badge';
import { badgeArtPath } from '@ojo/domain/badges/badge-art';
import { sortBadges } from '@ojo/domain/badges/badge-order';
import { overallBadgeStatus, visibleBadges } from '@ojo/domain/badges/badge-status';
import { shortenAddress } from '@ojo/domain/format/address';
import { BADGE_TEXT } from '@ojo/domain/messages';
import type { LinkedWalletKind } from '@ojo/domain/wallet/wallet-bind';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ROUTES } from '@/config/routes';
import { badgeKeys } from '../api/badge-keys';
import { runBadgeCheck } from '../api/check-badges';
import { getBadgeSeries, useBadgeSeries, useClaimableCount } from '../api/get-badges';
import { type InjectedWallet, linkWallet, linkWalletErrorText } from '../api/link-wallet';
import { type MintBadges, useBadgeClaim } from '../hooks/use-badge-claim';
import { useInjectedWallets } from '../hooks/use-injected-wallets';
import { BadgeCard } from './badge-card';
import { CongratsModal, ShareModal, SorryModal } from './badge-modals';

const PRIMARY =
  'inline-flex items-center justify-center gap-2 rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 disabled:hover:brightness-100';
const SECONDARY =
  'inline-flex items-center justify-center gap-2 rounded-2xl border border-white/15 bg-white/5 px-5 py-3 text-sm font-bold uppercase tracking-wide text-white transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50';
const CARD = 'flex flex-col gap-3 rounded-3xl border border-white/10 bg-arena-900/70 p-5';
/** product.md 4: '2 seconds after verification, if the status is still pending, an error toast shows.' */
const VERIFY_RESULT_DELAY_MS = 2000;
/** The partner whose assets the asset badges ask for (product.md 1: a partner collection and a partner token). */
const PARTNER_NAME = 'Partner';
const ASSET_SERIES = 'DojoBadge';

export interface BadgePageProps {
  /** The player's smart account, or null when logged out. */
  account: Address | null;
  /** The linked wallets by what they are for (product.md 2: one for the partner NFTs, one for the partner token). */
  linkedWallets: LinkedWallets;
  mintBadges: MintBadges;
  /** Refreshes the user info after a wallet was linked (owned by the auth feature). */
  onWalletLinked: () => void;
  /** The player's invite link (owned by the referral feature), shared with the badges; null until known. */
  referralLink: string | null;
}

export type LinkedWallets = Partial<Record<LinkedWalletKind, string | null>>;

/** The two linkable wallets of product.md 2, in the order the card shows them. */
const LINK_SLOTS: readonly { kind: LinkedWalletKind; title: string }[] = [
  { kind: 'partner_nft', title: 'Partner NFT wallet' },
  { kind: 'partner_token', title: 'Partner token wallet' },
];

const assetBadgesOf = (series: readonly BadgeSeriesEntry[] | undefined): BadgeEntry[] =>
  series?.find((entry) => entry.series === ASSET_SERIES)?.nfts ?? [];

/** /mint-badge (product.md 2 Badge page). */
export function BadgePage({
  account,
  linkedWallets,
  mintBadges,
  onWalletLinked,
  referralLink,
}: BadgePageProps) {
  const hasSession = Boolean(account);
  const queryClient = useQueryClient();
  const series = useBadgeSeries({ enabled: hasSession });
  const count = useClaimableCount({ enabled: hasSession });
  const claimableCount = count.data ?? 0;
  const claimer = useBadgeClaim({ account, mintBadges, claimableCount });
  const [congrats, setCongrats] = useState<{ count: number; body?: string } | null>(null);
  const [isSorry, setIsSorry] = useState(false);
  // The number of badges the share speaks of (those just collected); null while the share modal is closed.
  const [sharing, setSharing] = useState<number | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  // product.md 4 Badge check: on arrival, then the claimable count; the lists refresh when it is above 0.
  const check = useCallback(async () => {
    setIsChecking(true);
    try {
      const found = await runBadgeCheck();
      queryClient.setQueryData(badgeKeys.claimable(), found);
      if (found > 0) await queryClient.invalidateQueries({ queryKey: badgeKeys.all });
      return true;
    } catch {
      toast.error(BADGE_TEXT.checkFailed);
      return false;
    } finally {
      setIsChecking(false);
    }
  }, [queryClient]);
  const hasChecked = useRef(false);
  useEffect(() => {
    if (!hasSession || hasChecked.current) return;
    hasChecked.current = true;
    void check();
  }, [check, hasSession]);

  const claimAll = () => {
    claimer.claim().then(
      (claimed) => {
        if (claimed > 0) setCongrats({ count: claimed });
      },
      () => toast.error(BADGE_TEXT.claimBadgesFailed),
    );
  };

  const grid = sortBadges(visibleBadges((series.data ?? []).flatMap((entry) => entry.nfts)));

  return (
    <Page
      title={ROUTES.mintBadge.title}
      description="Claim the badges you have earned, and verify partner assets in your linked wallets for exclusive ones."
    >
      {!hasSession ? (
        <p className={CARD}>Log in to see and claim your badges.</p>
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="claim-banner-title" className={`${CARD} sm:flex-row sm:items-center`}>
            <div className="flex-1">
              <h2 id="claim-banner-title" className="font-display text-2xl font-black uppercase text-white">
                {BADGE_TEXT.bannerTitle}
              </h2>
              <p data-testid="claimable-count" className="text-lime">
                {BADGE_TEXT.claimableBadges(claimableCount)}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className={PRIMARY}
                disabled={claimableCount === 0 || !claimer.isReady || claimer.isClaiming}
                onClick={claimAll}
              >
                {claimer.isClaiming ? <Spinner label="Claiming" className="size-4" /> : null}
                {BADGE_TEXT.claim}
              </button>
              <button type="button" className={SECONDARY} disabled={isChecking} onClick={() => void check()}>
                {BADGE_TEXT.tryAgain}
              </button>
            </div>
          </section>

          <AssetBadgeSection
            account={account as Address}
            linkedWallets={linkedWallets}
            assetBadges={assetBadgesOf(series.data)}
            isClaiming={claimer.isClaiming}
            canClaim={claimer.rows.some((row) =>
              assetBadgesOf(series.data).some((b) => b.claimableId === row.claimableId),
            )}
            onVerify={async () => {
              if (!(await check())) return;
              await queryClient.invalidateQueries({ queryKey: badgeKeys.all });
              await new Promise((resolve) => setTimeout(resolve, VERIFY_RESULT_DELAY_MS));
              const latest = await queryClient.fetchQuery({
                queryKey: badgeKeys.series(),
                queryFn: () => getBadgeSeries(),
              });
              const text = pendingAfterVerifyToast(overallBadgeStatus(assetBadgesOf(latest)));
              if (text) toast.error(text);
            }}
            onClaim={() => {
              const ids = new Set(assetBadgesOf(series.data).map((badge) => badge.claimableId));
              claimer
                .claim((row) => ids.has(row.claimableId))
                .then(
                  (claimed) => {
                    if (claimed > 0) setCongrats({ count: claimed, body: BADGE_TEXT.assetClaimSuccessBody });
                    else setIsSorry(true);
                  },
                  () => {
                    toast.error(BADGE_TEXT.claimBadgeFailed);
                    setIsSorry(true);
                  },
                );
            }}
            onLinked={onWalletLinked}
          />

          <section aria-labelledby="badge-grid-title">
            <h2 id="badge-grid-title" className="mb-4 font-display text-xl font-black uppercase text-white">
              Your badges
            </h2>
            {series.isPending ? (
              <Spinner label="Loading badges" />
            ) : (
              <ul aria-label="Badges" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {grid.map((badge) => (
                  <BadgeCard key={badge.id} badge={badge} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      <CongratsModal
        count={congrats?.count ?? null}
        body={congrats?.body}
        onClose={() => setCongrats(null)}
        onShare={() => {
          setCongrats(null);
          setSharing(congrats?.count ?? 0);
        }}
      />
      <SorryModal isOpen={isSorry} onClose={() => setIsSorry(false)} />
      <ShareModal badges={sharing} referralLink={referralLink} onClose={() => setSharing(null)} />
    </Page>
  );
}

function AssetBadgeSection(props: {
  account: Address;
  linkedWallets: LinkedWallets;
  assetBadges: BadgeEntry[];
  isClaiming: boolean;
  canClaim: boolean;
  onVerify: () => Promise<void>;
  onClaim: () => void;
  onLinked: () => void;
}) {
  const wallets = useInjectedWallets();
  const status = overallBadgeStatus(props.assetBadges);
  const button = assetBadgeButton(status, {
    hasEvmWallet: LINK_SLOTS.some((slot) => Boolean(props.linkedWallets[slot.kind])),
    hasSolanaWallet: false,
  });
  const [isConfirming, setIsConfirming] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const [isLinking, setIsLinking] = useState(false);
  // product.md 4: the partner wallet connect buttons are disabled once the status is not pending.
  const isConnectLocked = isPartnerWalletConnectDisabled(status);

  const link = async (wallet: InjectedWallet, kind: LinkedWalletKind) => {
    setIsLinking(true);
    try {
      await linkWallet(wallet.provider, props.account, kind);
      toast.success(
        `Wallet linked. Its partner ${kind === 'partner_nft' ? 'NFTs' : 'tokens'} now count for your badges.`,
      );
      props.onLinked();
    } catch (error) {
      toast.error(linkWalletErrorText(error));
    } finally {
      setIsLinking(false);
    }
  };

  return (
    <section aria-labelledby="asset-badges-title" className="flex flex-col gap-4">
      <h2 id="asset-badges-title" className="font-display text-xl font-black uppercase text-white">
        {BADGE_TEXT.assetSectionTitle(PARTNER_NAME)}
      </h2>
      <p className="text-sm text-slate-400">{BADGE_TEXT.solanaNotSupported}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <div className={CARD} data-testid="asset-card-account">
          <h3 className="font-bold text-white">Your smart-account wallet</h3>
          <p className="text-sm text-slate-300">Checked automatically</p>
          <code className="text-lime">{shortenAddress(props.account)}</code>
        </div>
        <div className={CARD} data-testid="asset-card-partner-wallet">
          {LINK_SLOTS.map(({ kind, title }) => {
            const linked = props.linkedWallets[kind];
            return (
              // product.md 2: 'Linking is locked once set': a linked slot shows its wallet and no button.
              <section
                key={kind}
                aria-label={title}
                data-testid={`link-slot-${kind}`}
                className="flex flex-col gap-2"
              >
                <h3 className="font-bold text-white">{title}</h3>
                {linked ? (
                  <code data-testid="linked-wallet" className="text-lime">
                    {shortenAddress(linked)}
                  </code>
                ) : wallets.length === 0 ? (
                  <p className="text-sm text-slate-300">Install an EVM wallet extension to link a wallet.</p>
                ) : (
                  wallets.map((wallet) => (
                    <button
                      key={wallet.info.uuid}
                      type="button"
                      className={SECONDARY}
                      disabled={isConnectLocked || isLinking}
                      onClick={() => void link(wallet, kind)}
                    >
                      Connect {wallet.info.name}
                    </button>
                  ))
                )}
              </section>
            );
          })}
        </div>
        <div className={CARD} data-testid="asset-card-result">
          <div className="flex items-center gap-3">
            <img
              src={badgeArtPath(ASSET_SERIES)}
              alt=""
              width={200}
              height={220}
              data-testid="asset-badge-art"
              className={`h-14 w-auto ${status === 'claimed' ? '' : 'opacity-60 saturate-50'}`}
            />
            <h3 className="font-bold text-white">Exclusive badge</h3>
          </div>
          {button.showClaimedMarker ? (
            <span className="font-black text-lime">{BADGE_TEXT.claimed}</span>
          ) : isConfirming ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-200">Check the assets of your wallets now?</p>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={PRIMARY}
                  onClick={() => {
                    setIsConfirming(false);
                    setIsVerifying(true);
                    void props.onVerify().finally(() => setIsVerifying(false));
                  }}
                >
                  Confirm
                </button>
                <button type="button" className={SECONDARY} onClick={() => setIsConfirming(false)}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className={PRIMARY}
              disabled={
                button.disabled ||
                isVerifying ||
                props.isClaiming ||
                (status === 'claimable' && !props.canClaim)
              }
              onClick={() => (status === 'claimable' ? props.onClaim() : setIsConfirming(true))}
            >
              {button.label}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
