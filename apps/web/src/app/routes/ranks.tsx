import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return (
    <Page
      title={ROUTES.ranks.title}
      description="Season ladders: where you stand and what each rank earns."
    />
  );
}
