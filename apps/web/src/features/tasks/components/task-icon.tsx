import type { TaskDomain } from '@ojo/domain/enums';
import { taskIconDomain } from '@ojo/domain/tasks/task-domain';
import { DiscordIcon, PeopleIcon, TelegramIcon, WalletIcon, XIcon } from '@/components/ui/icons';

const ICONS: Record<TaskDomain, typeof XIcon> = {
  social: PeopleIcon,
  discord: DiscordIcon,
  twitter: XIcon,
  wallet: WalletIcon,
  telegram: TelegramIcon,
};

/** product.md 2 Task page: 'an icon by domain (social, discord, twitter, wallet, telegram)'. */
export function TaskIcon({ domain, className }: { domain: string; className?: string }) {
  const known = taskIconDomain(domain);
  const Glyph = ICONS[known];
  return <Glyph className={className} data-domain={known} />;
}
