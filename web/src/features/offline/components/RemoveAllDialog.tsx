import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

interface RemoveAllDialogProps {
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before every download is removed from this device. */
export function RemoveAllDialog({ count, pending, onCancel, onConfirm }: RemoveAllDialogProps) {
  return (
    <Dialog title="Remove all downloads?" role="alertdialog" onClose={onCancel}>
      <p className="mt-3 text-sm text-zinc-300">
        {count === 1 ? 'The downloaded track' : `All ${String(count)} downloaded tracks`} will be deleted from this device. You can
        download them again while you are online.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" disabled={pending} aria-busy={pending} onClick={onConfirm}>
          Remove
        </Button>
      </div>
    </Dialog>
  );
}
