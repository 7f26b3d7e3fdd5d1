import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page title={ROUTES.rankingPreview.title} description="A preview of the current season's ranking." />
  );
}
