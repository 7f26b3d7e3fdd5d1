import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { GAME_VERIFY_ROUTE } from '@/config/routes';
import { VerifyScreen } from '@/features/game/components/verify-screen';

/** A settled race round, recomputed in the browser from its published data (no login needed). */
export function Component() {
  const { roundId = '' } = useParams();
  return (
    <Page
      title={GAME_VERIFY_ROUTE.title}
      description={`Round ${roundId}: recomputed here from what was published, with the same code that settled it.`}
    >
      <VerifyScreen key={roundId} roundId={roundId} />
    </Page>
  );
}
