import type { Task } from '@ojo/db/schema/tasks';
import type { AppConfig } from '../../config/env';

/**
 * The post an X task asks for: the row's required text and link (the link defaults to the web app, so a post
 * brings people to the product), and the post intent that opens X's composer with it.
 */
export function requiredPost(config: AppConfig, task: Pick<Task, 'requiredText' | 'requiredLink'>) {
  const requiredText = task.requiredText ?? '';
  const requiredLink = task.requiredLink ?? config.origins.web;
  const text = [requiredText, requiredLink].filter(Boolean).join(' ');
  const intentUrl = config.tasks.x
    ? `${config.tasks.x.postIntentUrl}?${new URLSearchParams({ text })}`
    : null;
  return { requiredText, requiredLink, text, intentUrl };
}
