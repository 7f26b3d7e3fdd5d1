import { TASK_DOMAINS, type TaskDomain } from '../enums';

/** spec 2 Task page: 'an icon by domain (social, discord, twitter, wallet, telegram)'; unknown domains use social. */
export function taskIconDomain(domain: string | null | undefined): TaskDomain {
  return TASK_DOMAINS.find((known) => known === domain?.toLowerCase()) ?? 'social';
}
