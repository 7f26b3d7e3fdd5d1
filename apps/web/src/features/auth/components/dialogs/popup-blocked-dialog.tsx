import { DIALOG_TEXT } from '@ojo/domain/messages';
import { DialogFrame, PRIMARY_BUTTON } from './dialog-frame';

/** product.md 8 Pop-up blocked: the notice with its 'Got it' button. */
export function PopupBlockedDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Pop-up blocked"
      description={DIALOG_TEXT.popupBlocked}
    >
      <button type="button" className={PRIMARY_BUTTON} onClick={onClose}>
        {DIALOG_TEXT.gotIt}
      </button>
    </DialogFrame>
  );
}
