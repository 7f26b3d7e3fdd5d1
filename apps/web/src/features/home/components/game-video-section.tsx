import { useEffect, useRef, useState } from 'react';
import { ROUTES } from '@/config/routes';
import { AppLink } from '@/lib/navigation';
import { SectionHeading, SnapSection } from './snap-section';

/** Starts loading the video when it is about one screen away. */
const PRELOAD_MARGIN = '100% 0px';

/**
 * The game video section (product.md 2 Home): a short race clip served from /media, muted, looping, inline, with a
 * poster; the file is requested only when the section comes near the viewport.
 */
export function GameVideoSection() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!isNear || !video) return;
    // Autoplay is allowed only for muted video; set the property before playing, as React does not.
    video.muted = true;
    video.load();
    // Promise.resolve: old engines (and jsdom) return nothing from play() instead of a promise.
    Promise.resolve(video.play()).catch(() => {
      // Autoplay refused (data saver, reduced motion settings): the poster stays and the controls-free clip waits.
    });
  }, [isNear]);

  return (
    <SnapSection aria-labelledby="game-title">
      <div className="mx-auto grid w-full max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.3fr] 3xl:max-w-[96rem]">
        <div className="order-2 flex flex-col items-start gap-5 lg:order-1">
          <SectionHeading id="game-title" eyebrow="The game" title="Race the market" align="start" />
          <p className="max-w-md text-lg text-slate-300">
            Five coins, one track, twenty seconds. Back the two coins whose prices climb fastest and share the
            pool with everyone who called it.
          </p>
          <AppLink
            to={ROUTES.game.path}
            className="rounded-xl bg-white px-6 py-3 text-sm font-black uppercase tracking-wider text-arena-950 transition hover:bg-lime"
          >
            Enter the arena
          </AppLink>
        </div>
        <div className="order-1 rounded-[1.75rem] bg-gradient-to-br from-lime/60 via-cyan/40 to-[#7c4dff]/60 p-px shadow-[0_30px_80px_-20px] shadow-cyan/30 lg:order-2">
          <video
            ref={videoRef}
            className="aspect-video w-full rounded-[1.7rem] bg-arena-900 object-cover"
            width={640}
            height={360}
            poster="/media/race-poster.webp"
            muted
            loop
            playsInline
            autoPlay
            preload="none"
            aria-label="A coin race: five coins speed along their tracks and the top two win"
            data-testid="game-video"
          >
            {isNear ? <source src="/media/race.mp4" type="video/mp4" /> : null}
          </video>
        </div>
      </div>
    </SnapSection>
  );
}
