import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { changeBilling, changePrice, changeQuestion, featuresGained, featuresLost, isUpgrade, type PlanChange } from '../planChange';
import { PlanFeatureList } from './PlanFeatureList';

interface PlanChangeDialogProps {
  change: PlanChange;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a change between paid plans, which happens at once without a payment page: the new
 * price, what the user gains or loses, and what is paid. Cancel is the safe default.
 */
export function PlanChangeDialog({ change, onCancel, onConfirm }: PlanChangeDialogProps) {
  const upgrade = isUpgrade(change);
  const { from, to } = change;
  return (
    <Dialog title={changeQuestion(change)} role="alertdialog" onClose={onCancel}>
      <p className="mt-3 text-sm font-semibold text-white">{changePrice(change)}</p>
      {upgrade ? (
        <section className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-zinc-200">You'll gain</h3>
          <PlanFeatureList features={featuresGained(change)} label="You'll gain" />
        </section>
      ) : (
        <>
          <section className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-zinc-200">You'll lose</h3>
            <PlanFeatureList features={featuresLost(change)} label="You'll lose" />
          </section>
          <section className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-zinc-200">{to.name} includes</h3>
            <PlanFeatureList features={to.features} label={`${to.name} features`} />
          </section>
        </>
      )}
      <p className="mt-4 text-sm text-zinc-400">
        Your plan changes from {from.name} to {to.name} right away. {changeBilling(change)}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Keep {from.name}
        </Button>
        <Button onClick={onConfirm}>{upgrade ? `Upgrade to ${to.name}` : `Switch to ${to.name}`}</Button>
      </div>
    </Dialog>
  );
}
