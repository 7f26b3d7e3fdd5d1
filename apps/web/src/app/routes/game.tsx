import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.game.title}
      description="The coin race: predict which coins rise the most during a race and share the pool with the other winners."
    />
  );
}
