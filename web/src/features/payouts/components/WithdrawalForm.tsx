import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { SpinnerMark } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { serverMessageOr } from '@/lib/api';
import { requestWithdrawal, type WithdrawalMethod } from '../api/payouts';
import {
  emptyWithdrawalFields,
  methodLabels,
  outcomeUnknown,
  payoutMessages,
  submissionFor,
  withdrawalProblem,
  withdrawalRequestOf,
  type Submission,
  type WithdrawalFields,
} from '../withdrawal';

interface WithdrawalFormProps {
  balanceEur: string;
  minimumEur: string;
  /** Called once the server has recorded the withdrawal. */
  onWithdrawn: () => void;
}

const methods: readonly WithdrawalMethod[] = ['paypal', 'bank'];

/** What a bank transfer asks for, with the page's labels. */
const bankFields: readonly {
  name: 'accountName' | 'iban' | 'swift';
  label: string;
  autoComplete: string;
  /** Codes are not words: no spelling marks under them. */
  code?: boolean;
  wide?: boolean;
}[] = [
  { name: 'accountName', label: 'Account Holder Name', autoComplete: 'name', wide: true },
  { name: 'iban', label: 'IBAN', autoComplete: 'off', code: true },
  { name: 'swift', label: 'SWIFT/BIC Code', autoComplete: 'off', code: true },
];

/**
 * The withdrawal of the whole balance, by PayPal or bank transfer. Before sending, the form checks
 * the minimum and that the PayPal email or every bank detail is filled in (`withdrawalProblem`);
 * the server checks the rest (email, IBAN, SWIFT/BIC) and its words are shown.
 */
export function WithdrawalForm({ balanceEur, minimumEur, onWithdrawn }: WithdrawalFormProps) {
  const [fields, setFields] = useState<WithdrawalFields>(emptyWithdrawalFields);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A submission whose outcome is unknown (no answer, or a server failure): sent again, it keeps its key.
  const unsettled = useRef<Submission | null>(null);

  const edit = (change: Partial<WithdrawalFields>) => {
    setFields((current) => ({ ...current, ...change }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = withdrawalProblem(balanceEur, minimumEur, fields);
    setFailure(problem);
    if (problem !== null) return;

    const submission = submissionFor(withdrawalRequestOf(fields), unsettled.current, () => crypto.randomUUID());
    setBusy(true);
    try {
      await requestWithdrawal(submission.request, submission.key);
      unsettled.current = null;
      setFields(emptyWithdrawalFields);
      onWithdrawn();
    } catch (error) {
      console.error('The withdrawal could not be requested', error);
      unsettled.current = outcomeUnknown(error) ? submission : null;
      setFailure(serverMessageOr(error, payoutMessages.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-200">Withdrawal method</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {methods.map((method) => (
            <label
              key={method}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-white/15 px-4 py-2.5 text-sm text-zinc-100 has-checked:border-brand-soft has-checked:bg-brand/10"
            >
              <input
                type="radio"
                name="withdrawal-method"
                value={method}
                checked={fields.method === method}
                className="accent-brand"
                onChange={() => {
                  edit({ method });
                }}
              />
              {methodLabels[method]}
            </label>
          ))}
        </div>
      </fieldset>

      {fields.method === 'paypal' ? (
        <TextField
          label="PayPal Email"
          type="email"
          autoComplete="email"
          required
          className="max-w-md"
          value={fields.paypalEmail}
          onChange={(event) => {
            edit({ paypalEmail: event.target.value });
          }}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {bankFields.map(({ name, label, autoComplete, code, wide }) => (
            <TextField
              key={name}
              label={label}
              autoComplete={autoComplete}
              spellCheck={code ? false : undefined}
              required
              className={wide ? 'sm:col-span-2' : undefined}
              value={fields[name]}
              onChange={(event) => {
                edit({ [name]: event.target.value });
              }}
            />
          ))}
        </div>
      )}

      <FormError message={failure} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={busy} aria-busy={busy} className="whitespace-normal">
          {busy ? <SpinnerMark className="size-4" /> : null}
          {`Request Withdrawal of ${balanceEur} EUR`}
        </Button>
        <p className="text-sm text-zinc-400">{payoutMessages.processingTime}</p>
      </div>
    </form>
  );
}
