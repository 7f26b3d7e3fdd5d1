import { formatAmount } from '@ojo/domain/format/amount';
import type { PublishedSeason } from '@ojo/domain/game/season/verify';
import { verifySeason } from '@ojo/domain/game/season/verify';
import { useMemo } from 'react';
import { useSeasonVerify } from '../api/get-season-verify';
import { Card, Loading, Problem } from './game-ui';

/**
 * A settled season recomputed in the browser with the code that settled it: the draw commitment and revealed seed,
 * the tickets from the stakes, every ladder move, the draw winners, every rank and draw prize, and that what was
 * paid plus what stayed in the pool is the pool; then a plain answer whether it all matches.
 */
export function SeasonVerifyScreen({ seasonId }: { seasonId: string }) {
  const published = useSeasonVerify(seasonId);
  // The contract's schema describes the domain's published document, JSON for JSON.
  const report = useMemo(
    () => (published.data ? verifySeason(published.data as unknown as PublishedSeason) : null),
    [published.data],
  );
  if (published.isPending) return <Loading label="Loading the published season" />;
  if (published.isError || !published.data || !report)
    return (
      <Problem>
        This season has no published settlement yet (it is still running or being settled, or there is no such
        season). Try again once it is closed.
      </Problem>
    );
  const failed = report.checks.find((check) => !check.ok);
  return (
    <div className="flex flex-col gap-5">
      <section
        data-testid="season-verify-verdict"
        data-matches={report.valid ? 'true' : 'false'}
        className={`min-w-0 rounded-3xl border p-5 sm:p-6 ${report.valid ? 'border-lime/50 bg-lime/10' : 'border-rose-400/60 bg-rose-500/10'}`}
      >
        <p className="text-lg font-black text-white">
          {report.valid
            ? 'Verified: the settlement recomputed in your browser matches the published one.'
            : 'Not verified: the settlement recomputed in your browser does not match the published one.'}
        </p>
        {failed ? (
          <p className="mt-2 text-sm text-rose-200 [overflow-wrap:anywhere]">
            Failed check ({failed.check}): {failed.detail}
          </p>
        ) : null}
        <ul className="mt-3 grid grid-cols-1 gap-1 text-sm text-slate-300">
          {report.checks.map((check) => (
            <li
              key={`${check.currency ?? '-'}:${check.check}:${check.detail}`}
              data-ok={check.ok ? 'true' : 'false'}
              className="min-w-0 [overflow-wrap:anywhere]"
            >
              <span className={check.ok ? 'font-bold text-lime' : 'font-bold text-rose-300'}>
                {check.ok ? 'OK' : 'FAILED'}
              </span>{' '}
              {check.currency ? `${check.currency} ` : ''}
              {check.check}: {check.detail}
            </li>
          ))}
        </ul>
      </section>
      {published.data.currencies.map((entry) => (
        <Card key={entry.currency} title={`${entry.currency === 'OJO' ? 'OJO' : 'Points'} pool`}>
          <p className="text-sm text-slate-300">
            Pool {formatAmount(entry.pool)}, {entry.rankPrizes.length} rank prizes and{' '}
            {entry.drawPrizes.length} draw prizes paid, {formatAmount(entry.carryOut)} kept for the next
            season.
          </p>
        </Card>
      ))}
    </div>
  );
}
