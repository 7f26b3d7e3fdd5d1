import { TASK_DOMAINS, type TaskDomain } from '../enums';

/** product.md 2 Task page: 'an icon by domain (social, discord, twitter, wallet, telegram)'; unknown domains use social. */
export function taskIconDomain(domain: string | null | undefined): TaskDomain {
  return TASK_DOMAINS.find((known) => known === domain?.toLowerCase()) ?? 'social';
}

/**
 * The platform a task's texts name (product.md 8 '{platform}'), by the task's domain: the API puts it in a verify's answer
 * and the web uses it when an answer did not say.
 */
export function taskPlatformName(domain: string | null | undefined, productName: string): string {
  switch (domain) {
    case 'twitter':
      return 'Twitter';
    case 'telegram':
      return 'Telegram';
    case 'discord':
      return 'Discord';
    case 'wallet':
      return 'the wallet';
    default:
      return productName;
  }
}
