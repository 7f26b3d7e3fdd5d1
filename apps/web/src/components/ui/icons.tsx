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

export function XIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M4 3h4.6l4.1 5.6L17.6 3H20l-6.2 7.1L21 21h-4.6l-4.5-6.1L6.4 21H4l6.8-7.7L4 3Zm3.2 1.6 9.8 14.8h1.6L8.8 4.6H7.2Z" />
    </Icon>
  );
}

export function DiscordIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M8.3 4.5 7.7 4c-1.6.3-3 .8-4.2 1.6C1.6 8.6 1 11.7 1.2 14.8c1.4 1.2 3.2 2.1 5 2.6l1.1-1.6c-.6-.2-1.2-.5-1.7-.9l.4-.3c3.8 1.7 8.2 1.7 12 0l.4.3c-.5.4-1.1.7-1.7.9l1.1 1.6c1.8-.5 3.6-1.4 5-2.6.3-3.5-.5-6.6-2.3-9.2-1.2-.8-2.6-1.3-4.2-1.6l-.6.5c-2.5-.5-5-.5-7.4 0Zm.3 6.2c.9 0 1.6.8 1.6 1.8s-.7 1.8-1.6 1.8S7 13.5 7 12.5s.7-1.8 1.6-1.8Zm6.8 0c.9 0 1.6.8 1.6 1.8s-.7 1.8-1.6 1.8-1.6-.8-1.6-1.8.7-1.8 1.6-1.8Z" />
    </Icon>
  );
}

export function TelegramIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M21.4 3.6 2.8 10.8c-1 .4-1 1.6 0 1.9l4.6 1.5 1.8 5.6c.2.7 1.1.9 1.6.4l2.6-2.4 4.6 3.4c.6.4 1.4.1 1.6-.6l3.2-15.5c.2-1-.7-1.8-1.4-1.5ZM9.9 14.3l-.5 3.3-1.3-4 9.5-6-7.7 6.7Z" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
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
