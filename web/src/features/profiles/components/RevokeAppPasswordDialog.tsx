import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { ApiError, serverMessageOr } from '@/lib/api';
import { appPasswordsQueryOptions, revokeAppPassword, type AppPassword } from '../api/appPasswords';

interface RevokeAppPasswordDialogProps {
  appPassword: AppPassword;
  onClose: () => void;
}

/** Asks before revoking an app password, then revokes it. */
export function RevokeAppPasswordDialog({ appPassword, onClose }: RevokeAppPasswordDialogProps) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async () => {
      try {
        await revokeAppPassword(appPassword.id);
      } catch (error) {
        // Revoked already, from another tab or device: it is gone all the same.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: async () => {
      toast.success('App password revoked.');
      onClose();
      await queryClient.invalidateQueries({ queryKey: appPasswordsQueryOptions.queryKey });
    },
  });
  const close = () => {
    if (!revoke.isPending) onClose();
  };

  return (
    <Dialog title="Revoke this app password?" role="alertdialog" onClose={close}>
      <p className="mt-3 text-sm break-words text-zinc-300">
        Apps signed in with “{appPassword.name}” will be refused from their next request. You can create a new app password
        for them at any time.
      </p>
      {revoke.isError ? (
        <div className="mt-4">
          <FormError message={serverMessageOr(revoke.error, "We couldn't revoke the app password. Please try again.")} />
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={revoke.isPending} onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() => {
            revoke.mutate();
          }}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </Button>
      </div>
    </Dialog>
  );
}
