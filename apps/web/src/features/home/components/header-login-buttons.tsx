import { isHeaderLoginVisible } from '@ojo/domain/constants';
import { useHomeLoginActions } from '@/lib/login-actions';
import { useScrollCondition } from '../hooks/use-scrolled-past';
import { ProviderLoginButton } from './login-buttons';

/**
 * The header's login button for the auth slot (product.md 2 Home: 'The header login buttons appear after scrolling past
 * 300 px'; a full user sees none). On pages other than home pass `revealOnScroll={false}` to show it at once.
 */
export function HeaderLoginButtons({ revealOnScroll = true }: { revealOnScroll?: boolean }) {
  const { isFullUser } = useHomeLoginActions();
  const isScrolledPast = useScrollCondition(isHeaderLoginVisible);
  if (isFullUser || (revealOnScroll && !isScrolledPast)) return null;
  return (
    <div data-testid="header-login-buttons">
      <ProviderLoginButton size="compact" />
    </div>
  );
}
