import type { BadgeEntry } from '@ojo/api-contract/badge';
import { badgeCardFlags } from '@ojo/domain/badges/badge-card';
import { badgeProgress, shouldShowProgressBar } from '@ojo/domain/badges/badge-progress';
import { BADGE_TEXT } from '@ojo/domain/messages';
import { Link } from 'react-router';
import { ROUTES } from '@/config/routes';

/** One badge of the grid (spec 4): 'claimable' ribbon, dimmed unless claimed, Go for pending game badges, progress. */
export function BadgeCard({ badge }: { badge: BadgeEntry }) {
  const flags = badgeCardFlags(badge);
  const progress = badgeProgress(badge.progress);
  const showBar = shouldShowProgressBar(badge.progress);
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
      <div
        aria-hidden
        data-testid="badge-art"
        className={`grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-lime/30 to-cyan/30 font-display text-2xl font-black text-white ${
          flags.isDimmed ? 'opacity-50 grayscale' : ''
        }`}
      >
        {badge.series.slice(0, 1)}
      </div>
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
      {flags.showGoButton ? (
        <Link
          to={ROUTES.game.path}
          className="mt-auto self-start rounded-xl bg-white/10 px-4 py-2 text-sm font-bold text-white hover:bg-white/20"
        >
          {BADGE_TEXT.go}
        </Link>
      ) : null}
    </li>
  );
}
