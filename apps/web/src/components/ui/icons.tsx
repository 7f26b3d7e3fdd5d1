import { type SVGProps, useId } from 'react';

/** Small decorative icons; the link or button around each one carries the accessible name. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" {...props}>
      {children}
    </svg>
  );
}

/** A glyph of one path filled with the text colour. */
function filledIcon(d: string) {
  return function FilledIcon(props: IconProps) {
    return (
      <Icon fill="currentColor" {...props}>
        <path d={d} />
      </Icon>
    );
  };
}

/** A glyph of one path drawn as a line in the text colour: `width` thick, round ends, round corners unless `sharp`. */
function lineIcon(d: string, { width = 2, sharp = false }: { width?: number; sharp?: boolean } = {}) {
  return function LineIcon(props: IconProps) {
    return (
      <Icon
        fill="none"
        stroke="currentColor"
        strokeWidth={width}
        strokeLinecap="round"
        strokeLinejoin={sharp ? undefined : 'round'}
        {...props}
      >
        <path d={d} />
      </Icon>
    );
  };
}

export const XIcon = filledIcon(
  'M4 3h4.6l4.1 5.6L17.6 3H20l-6.2 7.1L21 21h-4.6l-4.5-6.1L6.4 21H4l6.8-7.7L4 3Zm3.2 1.6 9.8 14.8h1.6L8.8 4.6H7.2Z',
);

export const DiscordIcon = filledIcon(
  'M8.3 4.5 7.7 4c-1.6.3-3 .8-4.2 1.6C1.6 8.6 1 11.7 1.2 14.8c1.4 1.2 3.2 2.1 5 2.6l1.1-1.6c-.6-.2-1.2-.5-1.7-.9l.4-.3c3.8 1.7 8.2 1.7 12 0l.4.3c-.5.4-1.1.7-1.7.9l1.1 1.6c1.8-.5 3.6-1.4 5-2.6.3-3.5-.5-6.6-2.3-9.2-1.2-.8-2.6-1.3-4.2-1.6l-.6.5c-2.5-.5-5-.5-7.4 0Zm.3 6.2c.9 0 1.6.8 1.6 1.8s-.7 1.8-1.6 1.8S7 13.5 7 12.5s.7-1.8 1.6-1.8Zm6.8 0c.9 0 1.6.8 1.6 1.8s-.7 1.8-1.6 1.8-1.6-.8-1.6-1.8.7-1.8 1.6-1.8Z',
);

export const TelegramIcon = filledIcon(
  'M21.4 3.6 2.8 10.8c-1 .4-1 1.6 0 1.9l4.6 1.5 1.8 5.6c.2.7 1.1.9 1.6.4l2.6-2.4 4.6 3.4c.6.4 1.4.1 1.6-.6l3.2-15.5c.2-1-.7-1.8-1.4-1.5ZM9.9 14.3l-.5 3.3-1.3-4 9.5-6-7.7 6.7Z',
);

export const MenuIcon = lineIcon('M4 7h16M4 12h16M4 17h16', { sharp: true });

export const CloseIcon = lineIcon('M6 6l12 12M18 6 6 18', { sharp: true });

export const ArrowRightIcon = lineIcon('M5 12h14M13 6l6 6-6 6', { width: 2.5 });

export const StarIcon = filledIcon(
  'm12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z',
);

/** Two overlapping sheets: copy to the clipboard. */
export function CopyIcon(props: IconProps) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" {...props}>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2.5" />
      <path d="M15.5 5.5v-.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h.5" />
    </Icon>
  );
}

export const CheckIcon = lineIcon('m4.5 12.5 5 5 10-11', { width: 2.5 });

/** A frying pan with an egg: something is cooking. */
export function CookingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="10" cy="12" r="7.5" fill="currentColor" opacity="0.35" />
      <circle cx="10" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M17 15.5 22 20" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      <path
        d="M6.2 11.4c0-2.1 1.6-3.6 3.6-3.4 1.2.1 1.8.9 2.9 1 1.5.2 2.6 1.2 2.6 2.8 0 2-1.9 3.3-4.3 3.3H9.6c-2 0-3.4-1.5-3.4-3.7Z"
        fill="#fff"
      />
      <circle cx="10.6" cy="11.6" r="2" fill="#fbbf24" />
    </Icon>
  );
}

/** The product mark: a target, for "predict". */
export function LogoMark(props: IconProps) {
  const gradientId = useId();
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" {...props}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-lime)" />
          <stop offset="1" stopColor="var(--color-cyan)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="var(--color-arena-900)" />
      <circle cx="16" cy="16" r="8.5" fill="none" stroke={`url(#${gradientId})`} strokeWidth="3.5" />
      <circle cx="16" cy="16" r="2.5" fill="var(--color-lime)" />
    </svg>
  );
}

/** A wallet: the wallet task domain. */
export const WalletIcon = lineIcon(
  'M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7Zm0 0 11-3v3M16 13.5h.01',
);

/** Two people: the social task domain. */
export const PeopleIcon = lineIcon(
  'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c.5-3.5 3-5.5 6-5.5s5.5 2 6 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.5c1.6.7 2.7 2.4 3 5.5',
);

/** An arrow pointing down: incoming (product.md 2 Wallet history). */
export const ArrowDownIcon = lineIcon('M12 4.5v15m0 0-6-6m6 6 6-6', { width: 2.5 });

/** An arrow pointing up: outgoing (product.md 2 Wallet history). */
export const ArrowUpIcon = lineIcon('M12 19.5v-15m0 0-6 6m6-6 6 6', { width: 2.5 });
