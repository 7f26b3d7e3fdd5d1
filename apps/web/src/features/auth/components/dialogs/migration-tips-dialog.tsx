import { DIALOG_TEXT } from '@ojo/domain/messages';
import { Spinner } from '@/components/ui/spinner';
import { DialogFrame, PRIMARY_BUTTON } from './dialog-frame';

/** product.md 2 Dialogs 'Account Migration Tips': the old login ends after Mar 5, 2025; 'Bind a <provider> account'. */
export function MigrationTipsDialog({
  isOpen,
  providerName,
  isBinding,
  onBind,
  onClose,
}: {
  isOpen: boolean;
  providerName: string;
  isBinding: boolean;
  onBind: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={(open) => !open && !isBinding && onClose()}
      title={DIALOG_TEXT.migrationTitle}
      description={DIALOG_TEXT.migrationBody}
    >
      <button type="button" className={PRIMARY_BUTTON} onClick={onBind} disabled={isBinding}>
        {isBinding ? <Spinner label="Binding" className="[&>span:first-child]:size-4" /> : null}
        {DIALOG_TEXT.bindAccountButton(providerName)}
      </button>
    </DialogFrame>
  );
}
