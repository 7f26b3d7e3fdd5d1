import { REFERRAL_COPY_FEEDBACK_MS } from '@ojo/domain/constants';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Large monospace text for short values such as the invite code. */
  isProminent?: boolean;
}

/** A value with a copy button that says 'Copied' for 1 second after copying (product.md 2 Referral, product.md 9). */
export function CopyField({ label, value, isProminent = false }: CopyFieldProps) {
  const { isCopied, copy } = useCopyFeedback(REFERRAL_COPY_FEEDBACK_MS);
  return (
    <div>
      <p className="mb-2 text-xs font-bold uppercase tracking-widest text-slate-400">{label}</p>
      <div className="flex items-center gap-2 rounded-xl border border-white/10 bg-arena-950/70 p-1.5 pl-4">
        <output
          aria-label={label}
          className={`min-w-0 flex-1 truncate ${
            isProminent ? 'font-mono text-2xl font-bold tracking-[0.3em] text-lime' : 'text-sm text-slate-200'
          }`}
        >
          {value}
        </output>
        <button
          type="button"
          aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          onClick={async () => {
            if (!(await copy(value)))
              toast.error('Copying is blocked by the browser. Select the text to copy it.');
          }}
          className={`inline-flex min-w-24 items-center justify-center gap-1.5 rounded-lg px-4 py-2 text-sm font-bold transition ${
            isCopied ? 'bg-lime text-arena-950' : 'bg-white/10 text-white hover:bg-white/20'
          }`}
        >
          {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {isCopied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
