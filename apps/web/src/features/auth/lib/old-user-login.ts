import type { LoginProvider } from '@ojo/domain/enums';
import { LOGIN_TEXT } from '@ojo/domain/messages';
import { toast } from '@/components/ui/toast';

/** An old user's login (product.md 4): off to the provider's page; a failure to get there is a toast. */
export async function startOldUserLogin(provider: LoginProvider): Promise<void> {
  try {
    const { startOidcLogin } = await import('./start-oidc-login');
    await startOidcLogin(provider);
  } catch {
    toast.error(LOGIN_TEXT.authorizationFailed);
  }
}
