import { OauthCallbackPage } from '@/features/auth/components/oauth-callback-page';

export function Component() {
  return <OauthCallbackPage />;
}
