import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { GAME_SEASON_VERIFY_ROUTE } from '@/config/routes';
import { SeasonVerifyScreen } from '@/features/game/components/season-verify-screen';

/** A settled season, recomputed in the browser from its published settlement (no login needed). */
export function Component() {
  const { seasonId = '' } = useParams();
  return (
    <Page
      title={GAME_SEASON_VERIFY_ROUTE.title}
      description={`Season ${seasonId}: recomputed here from what was published, with the same code that settled it.`}
    >
      <SeasonVerifyScreen key={seasonId} seasonId={seasonId} />
    </Page>
  );
}
