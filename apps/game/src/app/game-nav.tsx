import type { FrameRouteName } from '@ojo/domain/enums';
import { useRef } from 'react';
import type { FrameAction } from '../lib/frame-bridge';
import { useScrollEdges } from './use-scroll-edges';

const LINKS: ReadonlyArray<{ route: FrameRouteName; label: string }> = [
  { route: 'task', label: 'Tasks' },
  { route: 'ojoTickets', label: 'OJO tickets' },
  { route: 'pointsTickets', label: 'Points tickets' },
  { route: 'ojoPrizePool', label: 'OJO prize pool' },
  { route: 'pointPrizePool', label: 'Points prize pool' },
  { route: 'ranks', label: 'Ranks' },
  { route: 'badge', label: 'Badges' },
  { route: 'coin', label: 'Buy OJO' },
  { route: 'withdraw', label: 'Withdraw' },
  { route: 'game', label: 'Race' },
];

const POPUPS = [
  { kind: 'checkIn', label: 'Check in' },
  { kind: 'gameTask', label: 'Game tasks' },
  { kind: 'invite', label: 'Invite' },
] as const;

/** The game's menu: every screen it can send the player to, through the page (product.md 2 frame actions). */
export function GameNav({ send }: { send(action: FrameAction): void }) {
  // On a phone the row scrolls sideways: its ends fade while there is more of it that way.
  const items = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(items);
  return (
    <nav className="menu" aria-label="Game menu">
      <button type="button" className="menu__back" onClick={() => send({ action: 'back' })} aria-label="Back">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <div
        ref={items}
        className="menu__items"
        data-more-before={edges.before || undefined}
        data-more-after={edges.after || undefined}
      >
        {POPUPS.map((popup) => (
          <button
            key={popup.kind}
            type="button"
            className="menu__item menu__item--accent"
            onClick={() => send({ action: 'popup', kind: popup.kind })}
          >
            {popup.label}
          </button>
        ))}
        {LINKS.map((link) => (
          <button
            key={link.route}
            type="button"
            className="menu__item"
            data-route={link.route}
            onClick={() => send({ action: 'navigate', route: link.route })}
          >
            {link.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
