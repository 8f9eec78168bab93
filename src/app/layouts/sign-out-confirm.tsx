import { AlertDialog } from '../../ui/alert-dialog/alert-dialog';

/** Asked before signing out while writes are still queued on this device (they stay stored for the next sign-in). */
export default function SignOutConfirm({ unsentCount, onConfirm, onCancel }: { unsentCount: number; onConfirm: () => Promise<void>; onCancel: () => void }) {
  return (
    <AlertDialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
      title="Sign out with unsent changes?"
      confirmLabel="Sign Out"
      variant="destructive"
      onConfirm={onConfirm}
    >
      {unsentCount === 1 ? '1 change has' : `${unsentCount} changes have`} not been sent yet. They stay on this device and are sent the next
      time you sign in here.
    </AlertDialog>
  );
}
