import { RouterNavigation } from '../router-navigation';
import { HeaderAuthSlot } from './header-auth-slot';
import { HeaderFrame } from './header-frame';

/** The app's header: the shared header with the auth feature's slot, its links the router's. */
export function Header() {
  return (
    <RouterNavigation>
      <HeaderFrame authSlot={<HeaderAuthSlot />} />
    </RouterNavigation>
  );
}
