import { DIALOG_TEXT, HOME_TEXT } from '@ojo/domain/messages';
import { DialogFrame, PRIMARY_BUTTON } from './dialog-frame';

/**
 * product.md 2 Dialogs 'New account login prompt' with its 'Login with <provider>' button. It is also the warning popup of
 * login cause code 5115 (product.md 8): the old login no longer works, so the player continues with the account provider.
 */
export function NewAccountLoginDialog({
  isOpen,
  providerName,
  onLogin,
  onClose,
}: {
  isOpen: boolean;
  providerName: string;
  onLogin: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={DIALOG_TEXT.newAccountLoginTitle}
      description={`This login is no longer available. Log in with ${providerName} to continue.`}
    >
      <button type="button" className={PRIMARY_BUTTON} onClick={onLogin}>
        {HOME_TEXT.loginWith(providerName)}
      </button>
    </DialogFrame>
  );
}
