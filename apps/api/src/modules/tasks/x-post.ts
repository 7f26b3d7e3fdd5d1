import type { Task } from '@ojo/db/schema/tasks';
import { buildReferralLink, buildXTaskShareText, shareBrand } from '@ojo/domain/share/share-text';
import type { AppConfig } from '../../config/env';

/**
 * What an X task's post must carry, as its verifier looks for it: the row's required text and link (the link
 * defaults to the web app, so a post brings people to the product).
 */
export function requiredPost(config: AppConfig, task: Pick<Task, 'requiredText' | 'requiredLink'>) {
  return { requiredText: task.requiredText ?? '', requiredLink: task.requiredLink ?? config.origins.web };
}

/**
 * The post a player is asked for: the required text and link, then the player's invite link and the brand's @
 * mention, hashtag and $OJO (product.md 9), and the post intent that opens X's composer with it.
 */
export function playerPost(
  config: AppConfig,
  task: Pick<Task, 'requiredText' | 'requiredLink'>,
  referralCode: string,
) {
  const required = requiredPost(config, task);
  const text = buildXTaskShareText({
    ...required,
    brand: shareBrand(config.productName),
    referralLink: buildReferralLink(config.origins.web, referralCode),
  });
  const intentUrl = config.tasks.x
    ? `${config.tasks.x.postIntentUrl}?${new URLSearchParams({ text })}`
    : null;
  return { ...required, text, intentUrl };
}
