import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';

export function Component() {
  return <Page title={ROUTES.task.title} description="Complete tasks to earn points." />;
}
