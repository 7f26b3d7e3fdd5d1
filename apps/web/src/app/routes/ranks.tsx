import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { RanksScreen } from '@/features/game/components/ranks-screen';
import { useHasSession } from '@/lib/use-has-session';

export function Component() {
  const hasSession = useHasSession();
  return (
    <Page title={ROUTES.ranks.title} description="Season ladders: where you stand and what each rank earns.">
      <RanksScreen hasSession={hasSession} />
    </Page>
  );
}
