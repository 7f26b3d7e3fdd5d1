import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@/config/routes';
import { useAuthStore, useSessionUser } from '@/features/auth/hooks/use-auth';
import { HeaderLoginButtons } from '@/features/home/components/header-login-buttons';
import { CreateProfilePage } from '@/features/profile/components/create-profile-page';
import { userKeys } from '@/lib/query-keys';

/** The create-profile page with the auth feature's session and the home feature's login buttons. */
export function Component() {
  const store = useAuthStore();
  const state = useSessionUser();
  const queryClient = useQueryClient();
  // The session user now has its profile: load it again before the header and home read it.
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: userKeys.all }).catch(() => {});
  return (
    <CreateProfilePage
      session={{
        isLoggedOut: state.status === 'loggedOut',
        user: state.user,
        goHome: () => {
          void (async () => {
            await refreshUser();
            store?.navigate(ROUTES.home.path, true);
          })();
        },
        onCreated: () => {
          void refreshUser().finally(() => store?.completeProfileCreation());
        },
        loginButtons: <HeaderLoginButtons revealOnScroll={false} />,
      }}
    />
  );
}
