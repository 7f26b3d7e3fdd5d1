import { PROFILE_TEXT } from '@ojo/domain/messages';
import { canSubmitHandle, checkHandleAvailable, validateHandle } from '@ojo/domain/profile/handle';
import { profileCreationFailure } from '@ojo/domain/profile/profile-creation';
import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';

/** The calls the Create profile page makes (product.md 7: GET /profile/whitelist, the profile service get and create). */
export interface ProfileActions {
  getWhitelist(): Promise<readonly string[]>;
  /** The session user's profile and where its creation stands, or null. */
  getProfile(): Promise<{ handle: string; status: 'creating' | 'created' | 'failed' } | null>;
  /**
   * Creates the on-chain profile and resolves once it is on chain (or picks up a creation under way); rejects with
   * an error carrying `code` (HANDLE_TAKEN, ...) on failure.
   */
  createProfile(handle: string): Promise<void>;
}

export interface CreateProfileFormProps {
  /** The prefilled handle (product.md 2: built from the last 6 characters of the account address); '' for none. */
  defaultHandle: string;
  actions: ProfileActions;
  /** The profile exists (created now, or before): the page goes home. */
  onCreated(): void;
  onAlreadyCreated(): void;
  helpLinks: { socialUrl: string; chatUrl: string };
}

type View = 'form' | 'creating' | 'failed';

function readCode(error: unknown): unknown {
  return error && typeof error === 'object' && 'code' in error ? error.code : undefined;
}

/** The server's message of a refusal (an ApiError's), for the refusals the player is told about. */
function readMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/**
 * product.md 2 Create profile and product.md 4 Profile creation: the form, 'Profile Creating' and 'Transaction Failed' views.
 * Valid handle, then whitelist check, then (if no profile exists yet) create.
 */
export function CreateProfileForm({
  defaultHandle,
  actions,
  onCreated,
  onAlreadyCreated,
  helpLinks,
}: CreateProfileFormProps) {
  const inputId = useId();
  const errorId = useId();
  const warningId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [handle, setHandle] = useState(defaultHandle);
  const [isEdited, setIsEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<View>('form');
  const [failedReason, setFailedReason] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  // The account address may arrive after the first render: prefill until the person types.
  useEffect(() => {
    if (!isEdited) setHandle(defaultHandle);
  }, [defaultHandle, isEdited]);

  const change = (value: string) => {
    setIsEdited(true);
    setHandle(value);
    setError(value === '' ? null : validateHandle(value));
  };

  const create = async () => {
    const ruleError = validateHandle(handle);
    if (ruleError) {
      setError(ruleError);
      setView('form');
      return;
    }
    setIsChecking(true);
    try {
      const reserved = checkHandleAvailable(handle, await actions.getWhitelist());
      if (reserved) {
        setError(reserved);
        setView('form');
        return;
      }
      // A creation under way (a reload, another tab) is picked up by createProfile below, not reported as done.
      if ((await actions.getProfile())?.status === 'created') {
        onAlreadyCreated();
        return;
      }
    } catch {
      setView('failed');
      return;
    } finally {
      setIsChecking(false);
    }
    setView('creating');
    try {
      await actions.createProfile(handle);
      onCreated();
    } catch (failure) {
      const next = profileCreationFailure(readCode(failure), readMessage(failure));
      if (next.view === 'form') {
        setError(next.error);
        setView('form');
      } else {
        setFailedReason(next.reason ?? null);
        setView('failed');
      }
    }
  };

  if (view === 'creating') {
    return (
      <section
        aria-labelledby={`${inputId}-creating`}
        className="flex flex-col items-center gap-4 py-10 text-center"
      >
        <Spinner label={PROFILE_TEXT.creatingTitle} className="[&>span:first-child]:size-10" />
        <h2
          id={`${inputId}-creating`}
          className="font-display text-2xl font-black uppercase italic text-white"
        >
          {PROFILE_TEXT.creatingTitle}
        </h2>
        <p className="text-slate-300">{PROFILE_TEXT.creatingBody}</p>
      </section>
    );
  }

  if (view === 'failed') {
    return (
      <section
        aria-labelledby={`${inputId}-failed`}
        className="flex flex-col items-center gap-4 py-10 text-center"
      >
        <h2
          id={`${inputId}-failed`}
          className="font-display text-2xl font-black uppercase italic text-rose-400"
        >
          {PROFILE_TEXT.failedTitle}
        </h2>
        <p role={failedReason ? 'alert' : undefined} className="text-slate-300">
          {failedReason ?? PROFILE_TEXT.failedBody}
        </p>
        <button
          type="button"
          onClick={() => void create()}
          className="rounded-2xl bg-lime px-8 py-3 text-sm font-black uppercase tracking-wide text-arena-950 hover:brightness-110"
        >
          {PROFILE_TEXT.retry}
        </button>
        <p className="text-sm text-slate-400">
          Need help? Reach us on{' '}
          <a
            href={helpLinks.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-lime underline"
          >
            X
          </a>{' '}
          or{' '}
          <a
            href={helpLinks.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-lime underline"
          >
            Discord
          </a>
          .
        </p>
      </section>
    );
  }

  const canCreate = canSubmitHandle(handle, error) && !isChecking;
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canCreate) void create();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-bold uppercase tracking-widest text-slate-400">
        Handle
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name="handle"
          value={handle}
          onChange={(event) => change(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${errorId} ` : ''}${warningId}`}
          className="w-full rounded-2xl border border-white/15 bg-white/5 px-4 py-3 pr-12 text-lg text-white outline-none focus:border-lime"
        />
        {handle ? (
          <button
            type="button"
            aria-label="Clear handle"
            onClick={() => {
              change('');
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-3 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-slate-400 hover:text-white"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-rose-400">
          {error}
        </p>
      ) : null}
      <p id={warningId} className="text-sm text-amber-300">
        {PROFILE_TEXT.handleImmutableWarning}
      </p>
      <button
        type="submit"
        disabled={!canCreate}
        className="mt-2 inline-flex items-center justify-center gap-2 rounded-2xl bg-lime px-8 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {isChecking ? <Spinner label="Checking handle" className="[&>span:first-child]:size-4" /> : null}
        {PROFILE_TEXT.create}
      </button>
    </form>
  );
}
