import { type ReactNode, useRef } from 'react';
import { env } from '@/config/env';
import { useIsLargeScreen } from '@/hooks/use-is-large-screen';
import { useNavigation } from '@/lib/navigation';
import { useSectionSnap } from '../hooks/use-section-snap';
import { BackersStrip } from './backers-strip';
import { BadgeShowcaseSection } from './badge-showcase-section';
import { GameVideoSection } from './game-video-section';
import { HeroSection, type ReferralEntry } from './hero-section';
import { IntroCardsSection } from './intro-cards-section';
import { SnapSection } from './snap-section';

/**
 * The landing page (product.md 2 Home): hero, introduction cards, badges showcase, game video and backers, as
 * full-screen snapping sections on desktop and a plain scrolling page on mobile. `?inviteCode=...&sourceType=web`
 * makes it a referral entry.
 */
export function HomePage({
  renderReferralField,
}: {
  renderReferralField?: (entry: ReferralEntry) => ReactNode;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const isLargeScreen = useIsLargeScreen();
  useSectionSnap(containerRef, { enabled: isLargeScreen });
  const search = new URLSearchParams(useNavigation().search);

  return (
    <div ref={containerRef} className="flex w-full flex-col">
      <title>{env.productName}</title>
      <HeroSection
        entryCode={search.get('inviteCode')}
        entrySourceType={search.get('sourceType')}
        renderReferralField={renderReferralField}
      />
      <IntroCardsSection />
      <BadgeShowcaseSection />
      <GameVideoSection />
      <SnapSection aria-labelledby="backers-title" isFullScreen={false} className="py-16 min-[769px]:py-24">
        <h2
          id="backers-title"
          className="mb-4 text-center text-xs font-bold uppercase tracking-[0.35em] text-slate-400"
        >
          Backed by
        </h2>
        <BackersStrip />
      </SnapSection>
    </div>
  );
}
