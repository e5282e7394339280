import type { Advisor } from '@ballast/contract';
import { Modal } from '../../components/ui/modal.tsx';
import { SettingsFormView } from './settings-form.tsx';
import { useSaveSettings } from './use-save-settings.ts';

/**
 * USER SETTINGS (product §2, product §4, product §5): the advisor edits their own name, phone,
 * address and e-mail flag.
 */
export function SettingsModal(props: {
  advisor: Advisor;
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocus(): HTMLElement | null;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="USER SETTINGS"
      wide
      returnFocus={props.returnFocus}
    >
      {props.open && (
        <SaveSettings advisor={props.advisor} onClose={() => props.onOpenChange(false)} />
      )}
    </Modal>
  );
}

/** The form, saved through the api; the modal closes once the save is settled either way. */
function SaveSettings({ advisor, onClose }: { advisor: Advisor; onClose(): void }) {
  const save = useSaveSettings(advisor, onClose);
  return (
    <SettingsFormView
      advisor={advisor}
      isSaving={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onCancel={onClose}
    />
  );
}
