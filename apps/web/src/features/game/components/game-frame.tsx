import type { FrameToPageMessage } from '@ojo/api-contract/game/frame';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { acceptFrameMessage, sendInitGameData } from '../lib/frame-host';

interface GameFrameProps {
  /** The session token for initGameData; null while logged out (the frame then waits). */
  token: string | null;
  /** Every accepted message of the frame (navigate, back, post, popup, update, permission). */
  onMessage(message: FrameToPageMessage): void;
  title: string;
}

/**
 * The embedded game frame (product.md 2): loads the game from its configured origin, sends it initGameData once it has
 * loaded and again when the token changes (a login), and hands on only the messages of that frame and origin.
 */
export function GameFrame({ token, onMessage, title }: GameFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** How many documents the frame has loaded: each new one needs initGameData. */
  const [loads, setLoads] = useState(0);
  const [stopLoading, setStopLoading] = useState(false);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    const onWindowMessage = (event: MessageEvent) => {
      const message = acceptFrameMessage(event, {
        origin: env.gameOrigin,
        window: frameRef.current?.contentWindow,
      });
      if (!message) return;
      if (message.action === 'update' && message.key === 'STOP_LOADING') setStopLoading(true);
      handler.current(message);
    };
    window.addEventListener('message', onWindowMessage);
    return () => window.removeEventListener('message', onWindowMessage);
  }, []);

  useEffect(() => {
    const frame = frameRef.current?.contentWindow;
    if (loads > 0 && frame && token) sendInitGameData(frame, env.gameOrigin, token);
  }, [loads, token]);

  return (
    // Below lg it takes the height the page leaves it (the page does not scroll there); from lg, at least a screen.
    <div className="relative min-h-0 w-full flex-1 overflow-hidden bg-arena-950 lg:min-h-[calc(100dvh-4rem)]">
      <iframe
        ref={frameRef}
        src={`${env.gameOrigin}/`}
        title={title}
        className="absolute inset-0 h-full w-full border-0"
        allow="clipboard-write"
        onLoad={() => {
          setStopLoading(false);
          setLoads((count) => count + 1);
        }}
      />
      {token && !stopLoading ? (
        <div className="pointer-events-none absolute inset-x-0 top-24 flex justify-center">
          <Spinner label="Loading the race" />
        </div>
      ) : null}
    </div>
  );
}
