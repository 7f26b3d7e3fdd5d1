import { DIALOG_TEXT, LOGIN_TEXT } from '@ojo/domain/messages';
import { DialogFrame, PRIMARY_BUTTON, SECONDARY_BUTTON } from './dialog-frame';

/** product.md 4 Logout: the confirmation 'Are you sure you want to logout?'. */
export function LogoutDialog({
  isOpen,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={LOGIN_TEXT.logout}
      description={DIALOG_TEXT.logoutConfirm}
    >
      <div className="grid grid-cols-2 gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={PRIMARY_BUTTON} onClick={onConfirm}>
          {LOGIN_TEXT.logout}
        </button>
      </div>
    </DialogFrame>
  );
}
