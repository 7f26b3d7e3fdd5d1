import { useStore } from 'zustand';
import type { FrameBridge, InitGameData } from '../lib/frame-bridge';

/** The page's initGameData (product.md 2): null until the page sends it; a new one (after a login) replaces it. */
export function useFrameInit(bridge: FrameBridge): InitGameData | null {
  return useStore(bridge.init);
}
