import { CreateProfilePage } from '@/features/profile/components/create-profile-page';

export function Component() {
  return <CreateProfilePage />;
}
