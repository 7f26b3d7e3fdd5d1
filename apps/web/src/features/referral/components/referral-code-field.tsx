import { HOME_TEXT, REFERRAL_TEXT } from '@ojo/domain/messages';
import { filterReferralCodeInput, isValidReferralCode } from '@ojo/domain/referral/referral-code';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { clearReferralSelection, selectReferral, useReferralSelection } from '@/lib/referral-selection';

type Status = 'idle' | 'invalid' | 'applied';

interface ReferralCodeFieldProps {
  /** A code that arrived with the page (referral entry): shown, selected and checked at once. */
  entryCode?: string | null;
  entrySourceType?: string | null;
}

/**
 * The optional referral code of the home hero (product.md 2 Home, product.md 5 Referral code): a link opens an input that
 * takes letters and digits only, at most 6, ignoring anything else; Apply checks the code with the server and
 * selects it for the login; a failed check shows 'Invalid referral code' until the person types again.
 */
export function ReferralCodeField({ entryCode, entrySourceType }: ReferralCodeFieldProps) {
  const selection = useReferralSelection();
  const [isOpen, setIsOpen] = useState(Boolean(entryCode || selection.referralCode));
  const [code, setCode] = useState(() => filterReferralCodeInput(entryCode ?? selection.referralCode ?? ''));
  const [status, setStatus] = useState<Status>(selection.referralCode && !entryCode ? 'applied' : 'idle');
  const [isChecking, setIsChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  const runCheck = async (candidate: string, sourceType?: string | null) => {
    setIsChecking(true);
    try {
      // The API client loads with the first check: the landing page's first download does without it.
      const { checkReferralCode, checkFailureText } = await import('../api/check-referral-code');
      let isValid: boolean;
      try {
        isValid = await checkReferralCode(candidate);
      } catch (error) {
        toast.error(checkFailureText(error));
        return;
      }
      if (isValid) {
        selectReferral(candidate, sourceType ?? undefined);
        setStatus('applied');
      } else {
        clearReferralSelection();
        setStatus('invalid');
      }
    } catch {
      toast.error('The code could not be checked.'); // its module did not load
    } finally {
      setIsChecking(false);
    }
  };

  // Referral entry: select the code from the link for the login and tell the person at once if it is wrong.
  const enteredWith = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runCheck is new every render; the entry runs once per code.
  useEffect(() => {
    if (!entryCode) return;
    const candidate = filterReferralCodeInput(entryCode);
    if (enteredWith.current === candidate || !isValidReferralCode(candidate)) return;
    enteredWith.current = candidate;
    selectReferral(candidate, entrySourceType ?? undefined);
    void runCheck(candidate, entrySourceType);
  }, [entryCode, entrySourceType]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValidReferralCode(code)) void runCheck(code, selection.sourceType);
  };

  if (!isOpen) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onClick={() => {
          setIsOpen(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
        className="text-sm font-semibold text-cyan underline decoration-cyan/40 underline-offset-4 transition hover:decoration-cyan"
      >
        {HOME_TEXT.referralCodeLink}
      </button>
    );
  }

  const isInvalid = status === 'invalid';
  return (
    <form onSubmit={onSubmit} className="w-full max-w-sm" noValidate>
      <label
        htmlFor={inputId}
        className="mb-1.5 block text-xs font-bold uppercase tracking-widest text-slate-400"
      >
        Referral code
      </label>
      <div
        className={`flex items-center gap-2 rounded-xl border bg-arena-900/80 p-1.5 pl-4 transition focus-within:border-cyan ${
          isInvalid ? 'border-hot' : 'border-white/15'
        }`}
      >
        <input
          ref={inputRef}
          id={inputId}
          name="inviteCode"
          value={code}
          onChange={(event) => {
            const next = filterReferralCodeInput(event.target.value);
            setCode(next);
            if (next === code) return; // ignored input (product.md 5) changes nothing
            // product.md 4: typing clears the error; an edited code is no longer the applied one.
            if (status === 'applied') clearReferralSelection();
            setStatus('idle');
          }}
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABC123"
          aria-invalid={isInvalid}
          aria-describedby={isInvalid ? errorId : undefined}
          className="min-w-0 flex-1 bg-transparent font-mono text-base uppercase tracking-[0.3em] text-white outline-none placeholder:text-slate-600"
        />
        <button
          type="submit"
          disabled={!isValidReferralCode(code) || isChecking || status === 'applied'}
          className="rounded-lg bg-white/10 px-4 py-2 text-sm font-bold text-white transition hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40"
        >
          {isChecking ? 'Checking…' : status === 'applied' ? 'Applied' : 'Apply'}
        </button>
      </div>
      <p aria-live="polite" className="mt-1.5 min-h-5 text-sm">
        {isInvalid ? (
          <span id={errorId} role="alert" className="font-semibold text-hot">
            {REFERRAL_TEXT.invalidReferralCode}
          </span>
        ) : status === 'applied' ? (
          <span className="text-lime">Code {code} will be used when you log in.</span>
        ) : null}
      </p>
    </form>
  );
}
