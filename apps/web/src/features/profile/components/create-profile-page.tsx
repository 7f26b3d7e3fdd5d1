import type { UserInfo } from '@ojo/api-contract/user';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { defaultHandleFromAddress } from '@ojo/domain/profile/handle';
import { smartAccountAddress } from '@ojo/domain/session/user';
import type { ReactNode } from 'react';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { AUTH_ROUTES } from '@/config/routes';
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

/** What the page needs of the session (the auth feature's, composed in src/app). */
export interface CreateProfileSession {
  isLoggedOut: boolean;
  user: UserInfo | null;
  /** The profile exists already: refresh the user and go home. */
  goHome: () => void;
  /** The profile was created: refresh the user and finish the login's profile step. */
  onCreated: () => void;
  /** The login buttons for a logged-out visitor. */
  loginButtons: ReactNode;
}

/** product.md 2 Create profile: the handle a new player picks once, created on chain. */
export function CreateProfilePage({ session }: { session: CreateProfileSession }) {
  const address = smartAccountAddress(session.user);

  return (
    <Page
      title={AUTH_ROUTES.createProfile.title}
      description="Pick the handle other players will see. It is written on chain with your account."
    >
      {session.isLoggedOut ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-slate-300">Log in first to create your profile.</p>
          {session.loginButtons}
        </div>
      ) : session.user === null ? (
        <Spinner label="Loading your account" />
      ) : (
        <CreateProfileForm
          defaultHandle={address ? defaultHandleFromAddress(address) : ''}
          actions={actions}
          helpLinks={{ socialUrl: env.social.xUrl, chatUrl: env.social.discordUrl }}
          onAlreadyCreated={() => {
            toast.info(PROFILE_TEXT.alreadyCreated);
            session.goHome();
          }}
          onCreated={session.onCreated}
        />
      )}
    </Page>
  );
}
