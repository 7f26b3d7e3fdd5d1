import { DASH_RACE_MS, DASH_TRACK_COUNT, DASH_WINNER_COUNT } from '@ojo/domain/game/dash/rules';
import { TASK_TEXT } from '@ojo/domain/messages';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';
import { ROUTES } from '@/config/routes';

/** product.md 2 Task page: 'The game section has a 'start earn' button that goes to the game route.' */
export function GameSection() {
  return (
    <div className="px-4 sm:px-6">
      <section
        aria-labelledby="task-game-title"
        className="mx-auto my-12 flex w-full max-w-7xl flex-col items-start gap-4 rounded-3xl border border-white/10 bg-gradient-to-br from-arena-800/90 to-arena-900/90 px-6 py-10 sm:px-10"
      >
        <h2 id="task-game-title" className="font-display text-3xl font-black uppercase italic text-white">
          Race the market
        </h2>
        <p className="max-w-2xl text-slate-300">
          Back the coins you think will rise most in a {DASH_RACE_MS / 1000} second race: the top{' '}
          {DASH_WINNER_COUNT} of {DASH_TRACK_COUNT} win. Every round you play earns points and tickets for the
          season's prize pool.
        </p>
        <Link
          to={ROUTES.game.path}
          className="flex items-center gap-2 rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950 transition hover:brightness-110"
        >
          {TASK_TEXT.startEarn}
          <ArrowRightIcon className="size-4" />
        </Link>
      </section>
    </div>
  );
}
