import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { RankingPreviewScreen } from '@/features/game/components/ranking-preview-screen';

export function Component() {
  return (
    <Page title={ROUTES.rankingPreview.title} description="A preview of the current season's ranking.">
      <RankingPreviewScreen />
    </Page>
  );
}
