import { PROFILE_TEXT } from '@ojo/domain/messages';
import { defaultHandleFromAddress } from '@ojo/domain/profile/handle';
import { smartAccountAddress } from '@ojo/domain/session/user';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { useAuthState, useAuthStore } from '@/features/auth/hooks/use-auth';
import { HeaderLoginButtons } from '@/features/home/components/header-login-buttons';
import { createProfile } from '../api/create-profile';
import { getProfile } from '../api/get-profile';
import { getProfileWhitelist } from '../api/get-profile-whitelist';
import { waitForProfile } from '../lib/wait-for-profile';
import { CreateProfileForm, type ProfileActions } from './create-profile-form';

const actions: ProfileActions = {
  getWhitelist: getProfileWhitelist,
  getProfile,
  // The server reserves the handle and creates the profile on chain in the background: poll until it is done.
  createProfile: async (handle) => {
    await waitForProfile(await createProfile(handle), { getProfile });
  },
};

/** spec 2 Create profile: the handle a new player picks once, created on chain. */
export function CreateProfilePage() {
  const store = useAuthStore();
  const state = useAuthState();
  const address = smartAccountAddress(state.user);

  const goHome = async () => {
    await store?.refreshUser().catch(() => null);
    store?.navigate(ROUTES.home.path, true);
  };

  return (
    <Page
      title={AUTH_ROUTES.createProfile.title}
      description="Pick the handle other players will see. It is written on chain with your account."
    >
      {state.status === 'loggedOut' ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-slate-300">Log in first to create your profile.</p>
          <HeaderLoginButtons revealOnScroll={false} />
        </div>
      ) : state.user === null ? (
        <Spinner label="Loading your account" />
      ) : (
        <CreateProfileForm
          defaultHandle={address ? defaultHandleFromAddress(address) : ''}
          actions={actions}
          helpLinks={{ socialUrl: env.social.xUrl, chatUrl: env.social.discordUrl }}
          onAlreadyCreated={() => {
            toast.info(PROFILE_TEXT.alreadyCreated);
            void goHome();
          }}
          onCreated={() => {
            void store
              ?.refreshUser()
              .catch(() => null)
              .finally(() => store.completeProfileCreation());
          }}
        />
      )}
    </Page>
  );
}
