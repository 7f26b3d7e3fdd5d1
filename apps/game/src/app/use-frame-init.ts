import { useEffect, useState } from 'react';
import type { FrameBridge, InitGameData } from '../lib/frame-bridge';

/** The page's initGameData (spec 2): null until the page sends it; a new one (after a login) replaces it. */
export function useFrameInit(bridge: FrameBridge): InitGameData | null {
  const [init, setInit] = useState<InitGameData | null>(() => bridge.getInit());
  useEffect(() => {
    setInit(bridge.getInit());
    return bridge.subscribe(setInit);
  }, [bridge]);
  return init;
}
