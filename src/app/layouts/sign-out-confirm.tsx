import { AlertDialog } from '../../ui/alert-dialog/alert-dialog.tsx';

/** Asked before signing out while writes are still queued on this device: a sign-out deletes them with the rest of the user's data here. */
export default function SignOutConfirm({ unsentCount, onConfirm, onCancel }: { unsentCount: number; onConfirm: () => Promise<void>; onCancel: () => void }) {
  return (
    <AlertDialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      title="Sign out with unsent changes?"
      confirmLabel="Sign Out and Delete"
      variant="destructive"
      onConfirm={onConfirm}
    >
      {unsentCount === 1 ? '1 change has' : `${unsentCount} changes have`} not been sent yet. Signing out deletes your data from this
      device, so {unsentCount === 1 ? 'it will be lost' : 'they will be lost'}. Stay signed in until you are back online to send{' '}
      {unsentCount === 1 ? 'it' : 'them'}.
    </AlertDialog>
  );
}
