import { formatAmount } from '@ojo/domain/format/amount';
import type { PublishedSeason } from '@ojo/domain/game/season/verify';
import { verifySeason } from '@ojo/domain/game/season/verify';
import { useMemo } from 'react';
import { useSeasonVerify } from '../api/get-season-verify';
import { Card, Loading, Problem, VerifyVerdict } from './game-ui';

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
  return (
    <div className="flex flex-col gap-5">
      <VerifyVerdict
        testId="season-verify-verdict"
        matches={report.valid}
        verified="Verified: the settlement recomputed in your browser matches the published one."
        notVerified="Not verified: the settlement recomputed in your browser does not match the published one."
        checks={report.checks}
      />
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
