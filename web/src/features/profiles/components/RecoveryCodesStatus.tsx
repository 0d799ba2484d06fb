import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { serverMessageOr } from '@/lib/api';
import { makeNewRecoveryCodes, recoveryCodesLeftQueryOptions, useRecoveryCodesLeft } from '../api/recoveryCodes';
import { recoveryCodesLeftLabel } from '../recoveryCodes';

function CodesLeft() {
  const left = useRecoveryCodesLeft();
  if (left.isPending) return <p className="mt-1 text-sm text-zinc-500">Counting your recovery codes…</p>;
  if (left.isError) return <p className="mt-1 text-sm text-zinc-400">We couldn't count your recovery codes.</p>;
  return (
    <p className={`mt-1 text-sm ${left.data === 0 ? 'text-amber-200' : 'text-zinc-400'}`}>
      {recoveryCodesLeftLabel(left.data)}
      {left.data === 0 ? '. Make new ones so you can still log in if you lose your phone.' : null}
    </p>
  );
}

interface RecoveryCodesStatusProps {
  /** Shows a new set, once. */
  onNewCodes: (codes: string[]) => void;
}

/** With two-factor authentication on: how many recovery codes are left, and making a new set. */
export function RecoveryCodesStatus({ onNewCodes }: RecoveryCodesStatusProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const renew = useMutation({
    mutationFn: makeNewRecoveryCodes,
    onSuccess: async (codes) => {
      setConfirming(false);
      onNewCodes(codes);
      await queryClient.invalidateQueries({ queryKey: recoveryCodesLeftQueryOptions.queryKey });
    },
  });
  const closeDialog = () => {
    if (renew.isPending) return;
    setConfirming(false);
    renew.reset();
  };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-night/40 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div>
        <h3 className="font-semibold text-white">Recovery codes</h3>
        <CodesLeft />
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        onClick={() => {
          setConfirming(true);
        }}
      >
        Make new recovery codes
      </Button>
      {confirming ? (
        <Dialog title="Make new recovery codes?" role="alertdialog" onClose={closeDialog}>
          <p className="mt-3 text-sm text-zinc-300">
            Your current recovery codes will stop working. We'll show you ten new ones, once.
          </p>
          {renew.isError ? (
            <div className="mt-4">
              <FormError message={serverMessageOr(renew.error, "We couldn't make new codes. Please try again.")} />
            </div>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={renew.isPending} onClick={closeDialog} data-autofocus>
              Cancel
            </Button>
            <Button
              disabled={renew.isPending}
              onClick={() => {
                renew.mutate();
              }}
            >
              {renew.isPending ? 'Making codes…' : 'Make new codes'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
