import { isLargeScreen } from '@ojo/domain/constants';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const getSnapshot = () => isLargeScreen(window.innerWidth);
const getServerSnapshot = () => false;

/** product.md 9: 'A large-screen flag is set when width is over 768.' Follows window resizes. */
export function useIsLargeScreen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
