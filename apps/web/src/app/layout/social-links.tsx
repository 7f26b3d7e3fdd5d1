import type { ComponentType, SVGProps } from 'react';
import { DiscordIcon, TelegramIcon, XIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

interface SocialLink {
  network: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Social links of product.md 2: X, Discord, Telegram (configuration, ARCHITECTURE.md (Parts and processes)). */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'X', href: env.social.xUrl, Icon: XIcon },
  { network: 'Discord', href: env.social.discordUrl, Icon: DiscordIcon },
  { network: 'Telegram', href: env.social.telegramUrl, Icon: TelegramIcon },
];

export const socialLinkName = (network: string) => `${env.productName} on ${network}`;

interface SocialLinksProps {
  className?: string;
}

export function SocialLinks({ className = '' }: SocialLinksProps) {
  return (
    <ul className={`flex items-center gap-1.5 ${className}`}>
      {SOCIAL_LINKS.map(({ network, href, Icon }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={socialLinkName(network)}
            title={socialLinkName(network)}
            className="grid size-9 place-items-center rounded-lg border border-white/10 bg-white/5 text-slate-300 transition hover:-translate-y-0.5 hover:border-lime/60 hover:text-lime focus-visible:outline-2 focus-visible:outline-lime"
          >
            <Icon className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}
