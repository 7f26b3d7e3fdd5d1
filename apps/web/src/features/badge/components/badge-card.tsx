import type { BadgeEntry } from '@ojo/api-contract/badge';
import { badgeImage } from '@ojo/domain/badges/badge-art';
import { badgeCardFlags, badgeGoPath } from '@ojo/domain/badges/badge-card';
import { badgeProgress, shouldShowProgressBar } from '@ojo/domain/badges/badge-progress';
import { BADGE_TEXT } from '@ojo/domain/messages';
import { Link } from 'react-router';

/**
 * One badge of the grid (product.md 4): its series' emblem, 'claimable' ribbon, dimmed unless claimed, progress, and for
 * pending badges earned in the app a Go to where they are earned.
 */
export function BadgeCard({ badge }: { badge: BadgeEntry }) {
  const flags = badgeCardFlags(badge);
  const progress = badgeProgress(badge.progress);
  const showBar = shouldShowProgressBar(badge.progress);
  const goPath = badgeGoPath(badge.series);
  return (
    <li
      data-testid="badge-card"
      data-series={badge.series}
      data-level={badge.level}
      data-status={badge.status}
      data-dimmed={flags.isDimmed}
      className="relative flex flex-col gap-3 overflow-hidden rounded-3xl border border-white/10 bg-arena-900/70 p-5"
    >
      {flags.showClaimableRibbon ? (
        <span className="absolute top-3 right-[-2rem] rotate-45 bg-lime px-10 py-0.5 text-xs font-black text-arena-950">
          {BADGE_TEXT.claimableRibbon}
        </span>
      ) : null}
      {/* Only the badge itself is dimmed until claimed: its texts stay readable and its Go stays a full button. */}
      <img
        src={badgeImage(badge)}
        alt=""
        width={200}
        height={220}
        loading="lazy"
        decoding="async"
        data-testid="badge-art"
        className={`h-[5.5rem] w-20 object-contain drop-shadow-[0_8px_12px_rgb(0_0_0/0.45)] ${
          flags.isDimmed ? 'opacity-50 saturate-50' : ''
        }`}
      />
      <div>
        <h3 className={`font-bold ${flags.isDimmed ? 'text-slate-300' : 'text-white'}`}>{badge.name}</h3>
        {badge.showLevel ? <p className="text-xs text-slate-400">Level {badge.level}</p> : null}
        <p className="text-sm text-slate-400">{badge.desc}</p>
      </div>
      {badge.status === 'claimed' ? (
        <span className="text-xs font-black tracking-wide text-lime">{BADGE_TEXT.claimed}</span>
      ) : null}
      {showBar ? (
        <div>
          <div
            role="progressbar"
            aria-label={`${badge.name} progress`}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.current}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div
              className="h-full bg-lime"
              style={{ width: `${(progress.current / progress.total) * 100}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-slate-400">
            {progress.current}/{progress.total}
          </p>
        </div>
      ) : null}
      {flags.showGoButton && goPath ? (
        <Link
          to={goPath}
          className="mt-auto self-start rounded-xl bg-white/10 px-4 py-2 text-sm font-bold text-white hover:bg-white/20"
        >
          {BADGE_TEXT.go}
        </Link>
      ) : null}
    </li>
  );
}
