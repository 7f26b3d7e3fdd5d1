import { TASK_TEXT } from '@ojo/domain/messages';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { getSessionValue, removeSessionValue } from '@/lib/session-storage';
import { connectSocial } from '../api/connect-social';
import { platformOfDomain, taskErrorOutcome } from './task-errors';
import type { TaskActionTarget } from './use-task-actions';

const OAUTH_PLATFORMS = new Set(['twitter', 'discord']);

/**
 * product.md 4: after a 100020 the player comes back from the platform with the task id and platform stored; the task
 * resumes once. Back from X or Discord (code and state in the address) the connection is finished first; back from
 * Telegram (the bot has bound the account, or not) the task is verified again. The stored values are cleared either
 * way, the code leaves the address bar, and a platform still not connected is reported, not redirected to again
 * (`resume` verifies as a resume), so the player stays on the page.
 */
export function useResumeTask({
  enabled,
  resume,
}: {
  enabled: boolean;
  /**
   * Verifies the stored task as a resume (the page finds it in its list; `fallback` when it is not there any more).
   */
  resume: (taskId: number, fallback: TaskActionTarget) => Promise<boolean>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (!enabled || started.current) return;
    const taskId = Number(getSessionValue('taskId'));
    const platform = getSessionValue('platform') ?? '';
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    if (!Number.isInteger(taskId) || taskId <= 0) return;
    started.current = true;
    removeSessionValue('taskId');
    removeSessionValue('platform');
    if (code || state) setSearchParams({}, { replace: true });
    const task: TaskActionTarget = {
      taskId,
      code: '',
      domain: platform as TaskActionTarget['domain'],
      title: 'Task',
    };
    void (async () => {
      if (OAUTH_PLATFORMS.has(platform)) {
        if (!code || !state) {
          toast.error(TASK_TEXT.verifyFailedDelayed(platformOfDomain(platform)));
          return;
        }
        try {
          await connectSocial({ platform: platform as 'twitter' | 'discord', code, state });
        } catch (error) {
          const outcome = taskErrorOutcome(error, task);
          const message =
            outcome.action.kind === 'message'
              ? outcome.action.message
              : isApiError(error)
                ? error.message
                : TASK_TEXT.serviceBusy;
          toast.error(message);
          return;
        }
      }
      await resume(taskId, task);
    })();
  }, [enabled, resume, searchParams, setSearchParams]);
}
