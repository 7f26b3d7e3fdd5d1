import { DIALOG_TEXT } from '@ojo/domain/messages';
import { DialogFrame, PRIMARY_BUTTON } from './dialog-frame';

/** product.md 2 Dialogs: the welcome modal after a new account is created (shown at its login's success). */
export function WelcomeDialog({
  isOpen,
  productName,
  handle,
  onClose,
}: {
  isOpen: boolean;
  productName: string;
  handle: string | null;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={DIALOG_TEXT.welcomeTitle(productName)}
      description={
        handle
          ? `Your account @${handle} is ready. Complete tasks, collect badges and join the race.`
          : 'Your account is ready. Create your on-chain profile, then complete tasks, collect badges and join the race.'
      }
    >
      <button type="button" className={PRIMARY_BUTTON} onClick={onClose}>
        Let's go
      </button>
    </DialogFrame>
  );
}
