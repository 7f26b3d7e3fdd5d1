import { AuthSlot } from '@/features/auth/components/auth-slot';
import { HeaderLoginButtons } from '@/features/home/components/header-login-buttons';

/** The header's login/logout slot: the auth feature's slot with the home feature's login buttons. */
export function HeaderAuthSlot() {
  return <AuthSlot renderLoginButtons={(options) => <HeaderLoginButtons {...options} />} />;
}
