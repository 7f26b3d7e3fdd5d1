import { formatAmount } from '@ojo/domain/format/amount';
import type { PublishedDashRound } from '@ojo/domain/game/dash/verify';
import { ASSET_TEXT } from '@ojo/domain/messages';
import { useEffect, useMemo, useState } from 'react';
import { useBattleVerify } from '../api/get-battle-verify';
import { buildVerifyView, type VerifyBooksRow, type VerifyView } from '../lib/verify-view';
import { Card, Loading, Problem, VerifyVerdict } from './game-ui';

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC');

function Verdict({ view }: { view: VerifyView }) {
  return (
    <VerifyVerdict
      testId="verify-verdict"
      matches={view.matches}
      verified="Verified: the result recomputed in your browser matches the stored result."
      notVerified="Not verified: the result recomputed in your browser does not match the stored result."
      checks={view.checks}
    />
  );
}

function Source({ source }: { source: { timeMs: number; tradeId: string | null } | null }) {
  if (!source) return <span className="text-slate-500">seeded step</span>;
  return (
    <span className="text-xs text-slate-400">
      {time(source.timeMs)}
      <br />
      trade {source.tradeId}
    </span>
  );
}

/**
 * The round document exactly as the API published it, to save and check with `npm run verify:round -- --file`.
 * A download rather than a link to the API: the API answers only calls that carry the product's saas_id header.
 */
function RawDocumentLink({ document, roundId }: { document: PublishedDashRound; roundId: string }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
    );
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [document]);
  if (!href) return null;
  return (
    <a href={href} download={`${roundId}.json`} className="font-bold text-lime underline underline-offset-4">
      Download the raw round document (JSON)
    </a>
  );
}

const BOOK_FIELDS = [
  ['stakes', 'Stakes'],
  ['carryIn', 'Carried in'],
  ['fee', 'Fee to the prize pool'],
  ['paidOut', 'Paid out'],
  ['refunded', 'Refunded'],
  ['remainder', 'Rounding remainder to the prize pool'],
  ['carryOut', 'Carried to the next round'],
] as const;

/** Each currency's books: where every unit staked or carried in went. */
function Books({ books, feeBps }: { books: VerifyBooksRow[]; feeBps: number }) {
  return (
    <Card title="Pools and fee" className="min-w-0">
      <p className="mb-3 text-sm text-slate-300">
        Fee: {feeBps / 100}% of each currency's stakes goes to its prize pool (a carried-in pool pays no
        second fee). Per currency: paid out + fee + remainder + carried on = stakes + carried in.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {books.map((row) => (
          <dl
            key={row.currency}
            data-testid={`verify-books-${row.currency}`}
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-2xl border border-white/10 p-4 text-sm"
          >
            <dt className="col-span-2 font-black text-white">
              {row.label} · {row.bets} bet{row.bets === 1 ? '' : 's'}
            </dt>
            {BOOK_FIELDS.map(([field, term]) =>
              row[field] === null ? null : (
                <div key={field} className="contents">
                  <dt className="text-slate-400">{term}</dt>
                  <dd data-testid={`books-${field}`} className="text-right font-bold tabular-nums text-white">
                    {formatAmount(row[field])}
                  </dd>
                </div>
              ),
            )}
          </dl>
        ))}
      </div>
    </Card>
  );
}

/**
 * A settled round recomputed in the browser (ARCHITECTURE.md (The coin race)): the commitment published before betting
 * opened, the revealed seed or the real feed's trades, the snapshots, the recomputed winners and every payout beside
 * the stored ones, and a plain answer whether they match.
 */
export function VerifyScreen({ roundId }: { roundId: string }) {
  const published = useBattleVerify(roundId);
  const view = useMemo(() => (published.data ? buildVerifyView(published.data) : null), [published.data]);
  if (published.isPending) return <Loading label="Loading the published round" />;
  if (published.isError || !view)
    return (
      <Problem>
        This round has no published result yet (it is still running, or there is no such round). Try again
        once it has settled.
      </Problem>
    );
  return (
    <div className="flex min-w-0 flex-col gap-5" data-testid="verify-screen" data-round-id={view.roundId}>
      <Verdict view={view} />
      <Card title="What was committed" className="min-w-0">
        <p className="mb-3 text-sm">
          {published.data ? <RawDocumentLink document={published.data} roundId={view.roundId} /> : null}
        </p>
        <dl className="grid grid-cols-1 gap-3 text-sm">
          <div>
            <dt className="text-slate-400">
              Commitment (SHA-256 of the terms and the seed, published before betting)
            </dt>
            <dd data-testid="verify-commitment" className="break-all font-mono text-white">
              {view.commitment}
            </dd>
          </div>
          {view.feed.kind === 'simulated' ? (
            <div>
              <dt className="text-slate-400">Revealed seed of the simulated market</dt>
              <dd data-testid="verify-seed" className="break-all font-mono text-white">
                {view.feed.seed}
              </dd>
            </div>
          ) : (
            <div>
              <dt className="text-slate-400">
                Real market feed (no seed; each price is a trade of the source)
              </dt>
              <dd data-testid="verify-source" className="font-mono text-white [overflow-wrap:anywhere]">
                {view.feed.source}, a trade at most {view.feed.toleranceMs} ms before each snapshot
              </dd>
            </div>
          )}
        </dl>
      </Card>
      <Card title="Snapshots and winners" className="min-w-0">
        {view.voidReason ? (
          <p className="text-slate-300">
            The round was called off ({view.voidReason === 'feed_stale' ? 'stale price feed' : 'cancelled'}):
            every bet is refunded in full.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-300 [overflow-wrap:anywhere]">
              Recomputed winners:{' '}
              <strong data-testid="verify-recomputed-winners" className="text-white">
                {view.recomputedWinners?.join(', ') ?? 'none'}
              </strong>
              . Stored winners:{' '}
              <strong data-testid="verify-stored-winners" className="text-white">
                {view.storedWinners?.join(', ') ?? 'none'}
              </strong>
              .
            </p>
            <div className="max-w-full overflow-x-auto" data-testid="verify-table-scroll">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase tracking-wider text-slate-400">
                  <tr>
                    <th className="py-2 pr-3">Lane</th>
                    <th className="py-2 pr-3">Coin</th>
                    <th className="py-2 pr-3">Start</th>
                    <th className="py-2 pr-3">End</th>
                    <th className="py-2 pr-3">Change</th>
                    <th className="py-2 pr-3">Start source</th>
                    <th className="py-2">End source</th>
                  </tr>
                </thead>
                <tbody>
                  {view.tracks.map((track) => (
                    <tr key={track.symbol} className="border-t border-white/10 text-white">
                      <td className="py-2 pr-3">{track.lane}</td>
                      <td className="py-2 pr-3 font-bold">
                        {track.symbol}
                        {track.recomputedWinner ? (
                          <span className="ml-2 text-xs text-lime">winner</span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3 font-mono">{track.startPrice}</td>
                      <td className="py-2 pr-3 font-mono">{track.endPrice}</td>
                      <td className="py-2 pr-3 font-mono">{track.change}</td>
                      <td className="py-2 pr-3">
                        <Source source={track.startSource} />
                      </td>
                      <td className="py-2">
                        <Source source={track.endSource} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
      <Books books={view.books} feeBps={view.feeBps} />
      <Card title="Payouts and refunds" className="min-w-0">
        {view.transfers.length === 0 ? (
          <p className="text-slate-300">No bets in this round.</p>
        ) : (
          <div className="max-w-full overflow-x-auto" data-testid="verify-table-scroll">
            <table className="w-full text-left text-sm" data-testid="verify-transfers">
              <thead className="text-xs uppercase tracking-wider text-slate-400">
                <tr>
                  <th className="py-2 pr-3">Bet</th>
                  <th className="py-2 pr-3">Coin</th>
                  <th className="py-2 pr-3">Stake</th>
                  <th className="py-2 pr-3">Recomputed</th>
                  <th className="py-2 pr-3">Published</th>
                  <th className="py-2">Match</th>
                </tr>
              </thead>
              <tbody>
                {view.transfers.slice(0, 500).map((row) => (
                  <tr key={row.betId} className="border-t border-white/10 text-white">
                    <td className="py-2 pr-3 font-mono text-xs">{row.betId.slice(0, 8)}</td>
                    <td className="py-2 pr-3">{row.track}</td>
                    <td className="py-2 pr-3">
                      {formatAmount(row.stake)} {ASSET_TEXT[row.currency]}
                    </td>
                    <td className="py-2 pr-3">{formatAmount(row.recomputed)}</td>
                    <td className="py-2 pr-3">{formatAmount(row.published)}</td>
                    <td className={`py-2 font-bold ${row.matches ? 'text-lime' : 'text-rose-300'}`}>
                      {row.matches ? 'yes' : 'no'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
