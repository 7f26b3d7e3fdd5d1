import type { ComponentPropsWithoutRef } from 'react';
import { SNAP_SECTION_ATTRIBUTE } from '../hooks/use-section-snap';

/**
 * A full-screen section of the home page: on large screens (over 768 px) it fills the viewport under the 58 px
 * navbar and is a snap stop; on smaller screens it is as tall as its content.
 */
export function SnapSection({
  className = '',
  isFullScreen = true,
  children,
  ...props
}: ComponentPropsWithoutRef<'section'> & { isFullScreen?: boolean }) {
  const height = isFullScreen ? 'min-[769px]:min-h-[calc(100dvh-58px)]' : '';
  return (
    <section
      {...{ [SNAP_SECTION_ATTRIBUTE]: '' }}
      {...props}
      className={`relative flex w-full flex-col justify-center ${height} ${className}`}
    >
      {children}
    </section>
  );
}

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  align?: 'center' | 'start';
}

export function SectionHeading({ id, eyebrow, title, align = 'center' }: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? 'mb-10 text-center' : 'text-left'}>
      <p className="mb-3 text-xs font-bold uppercase tracking-[0.35em] text-cyan">{eyebrow}</p>
      <h2
        id={id}
        className="font-display text-4xl font-black uppercase italic tracking-tight text-white sm:text-5xl"
      >
        {title}
      </h2>
    </div>
  );
}
