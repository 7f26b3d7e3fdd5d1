import { useEffect, useRef } from 'react';
import backerLogos from '../backer-logos.json';
import { backersLoopDurationMs } from '../hooks/backers-loop';

const GAP_PX = 56;

function LogoRow({ isCopy = false }: { isCopy?: boolean }) {
  return (
    <ul
      aria-hidden={isCopy || undefined}
      className="flex shrink-0 items-center"
      data-testid={isCopy ? undefined : 'backers-row'}
    >
      {backerLogos.map((logo) => (
        <li key={logo.src} className="shrink-0" style={{ paddingRight: GAP_PX }}>
          <img
            src={logo.src}
            alt={isCopy ? '' : logo.name}
            width={logo.width}
            height={logo.height}
            loading="lazy"
            decoding="async"
            className="h-10 w-auto opacity-70 transition hover:opacity-100"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The backers strip (product.md 2, product.md 9: 25 logos scrolling 203 px every second). The row is drawn twice; the track
 * slides left by one measured row width in rowWidth / 203 seconds and starts over, which looks endless. With
 * reduced motion it stands still and scrolls by hand instead. Hovering pauses it.
 */
export function BackersStrip() {
  const trackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const track = trackRef.current;
    const row = track?.firstElementChild as HTMLElement | null;
    if (!track || !row || typeof track.animate !== 'function') return;
    const motion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let animation: Animation | undefined;

    const start = () => {
      animation?.cancel();
      animation = undefined;
      if (motion?.matches) return;
      const rowWidth = row.getBoundingClientRect().width;
      const durationMs = backersLoopDurationMs(rowWidth);
      if (durationMs === 0) return;
      animation = track.animate(
        [{ transform: 'translateX(0)' }, { transform: `translateX(${-rowWidth}px)` }],
        { duration: durationMs, iterations: Number.POSITIVE_INFINITY, easing: 'linear' },
      );
    };

    start();
    const resize = new ResizeObserver(start);
    resize.observe(row);
    motion?.addEventListener('change', start);
    const pause = () => animation?.pause();
    const play = () => animation?.play();
    track.addEventListener('mouseenter', pause);
    track.addEventListener('mouseleave', play);
    return () => {
      resize.disconnect();
      motion?.removeEventListener('change', start);
      track.removeEventListener('mouseenter', pause);
      track.removeEventListener('mouseleave', play);
      animation?.cancel();
    };
  }, []);

  return (
    <div className="relative overflow-hidden py-6 motion-reduce:overflow-x-auto [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
      <div ref={trackRef} data-testid="backers-track" className="flex w-max will-change-transform">
        <LogoRow />
        <LogoRow isCopy />
      </div>
    </div>
  );
}
