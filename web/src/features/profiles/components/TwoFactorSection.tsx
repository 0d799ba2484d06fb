import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Factor } from '@supabase/auth-js';
import { useRef, useState, type ReactNode, type Ref, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { LoadError } from '@/components/ui/LoadError';
import { OneTimeCodeField } from '@/components/ui/OneTimeCodeField';
import { SecondFactorCodeField, type SecondFactorCodeKind } from '@/components/ui/SecondFactorCodeField';
import { Spinner } from '@/components/ui/Spinner';
import { auth, verifyNewFactor, verifySecondFactor } from '@/lib/auth';
import { factorsQueryOptions, useAuthenticatorFactors } from '../api/factors';
import { recoveryCodesLeftQueryOptions } from '../api/recoveryCodes';
import { qrCodeImageSource } from '../qrCode';
import { recoveryCodesIn } from '../recoveryCodes';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { RecoveryCodesStatus } from './RecoveryCodesStatus';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** Starts over: enrolments left unconfirmed earlier would clash with the new one's name. */
async function enrolAuthenticator(leftovers: readonly Factor[]): Promise<Enrolment> {
  for (const factor of leftovers) {
    await auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/**
 * Verifies the first code of a new authenticator; resolves with the recovery codes the answer
 * carries. auth-js keeps the whole answer as the session in localStorage, codes included, so the session is
 * refreshed at once: the stored one then holds no codes.
 */
async function confirmEnrolment({ factorId, code }: { factorId: string; code: string }): Promise<string[]> {
  const { data, error } = await verifyNewFactor(factorId, code);
  if (error) throw error;
  const codes = recoveryCodesIn(data);
  if (codes.length > 0) await auth.refreshSession();
  return codes;
}

async function removeAuthenticator(factorId: string): Promise<void> {
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** A verified factor can only be removed by a session that has proved it (aal2). */
async function sessionHasProvedSecondFactor(): Promise<boolean> {
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.currentLevel === 'aal2';
}

function CodeForm({
  submitLabel,
  pending,
  error,
  prompts,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  /** What to enter, per kind of code; given when a recovery code may stand in for the app's code. */
  prompts?: Record<SecondFactorCodeKind, string>;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<SecondFactorCodeKind>('app');
  const [code, setCode] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      {prompts ? <p className="text-sm text-zinc-300">{prompts[kind]}</p> : null}
      <FormError message={error?.message} />
      <div className="max-w-xs">
        {prompts ? (
          <SecondFactorCodeField kind={kind} onKindChange={setKind} value={code} onChange={setCode} disabled={pending} />
        ) : (
          <OneTimeCodeField value={code} onChange={setCode} disabled={pending} />
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking…' : submitLabel}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EnrolmentStep({ enrolment, onFinished }: { enrolment: Enrolment; onFinished: (recoveryCodes: string[]) => void }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: confirmEnrolment,
    onSuccess: async (recoveryCodes) => {
      toast.success('Two-factor authentication is on.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: factorsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: recoveryCodesLeftQueryOptions.queryKey }),
      ]);
      onFinished(recoveryCodes);
    },
  });
  const cancel = () => {
    void auth.mfa.unenroll({ factorId: enrolment.factorId });
    onFinished([]);
  };

  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={qrCodeImageSource(enrolment.qrCode)}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-2xl bg-white p-2"
          />
          <div className="min-w-0 text-sm text-zinc-300">
            <p className="font-semibold text-white">1. Scan this QR code with your authenticator app</p>
            <p className="mt-2 text-zinc-400">Can't scan it? Enter this key instead:</p>
            <code className="mt-2 block rounded-xl bg-night/60 px-3 py-2 font-mono text-sm break-all text-brand-soft">
              {enrolment.secret}
            </code>
          </div>
        </li>
        <li className="text-sm">
          <p className="mb-3 font-semibold text-white">2. Enter the 6-digit code the app shows</p>
          <CodeForm
            submitLabel="Turn on"
            pending={confirm.isPending}
            error={confirm.error}
            onSubmit={(code) => {
              confirm.mutate({ factorId: enrolment.factorId, code });
            }}
            onCancel={cancel}
          />
        </li>
      </ol>
    </div>
  );
}

function Card({ children, status, headingRef }: { children: ReactNode; status?: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby="two-factor-heading" className="rounded-3xl border border-line bg-surface p-5 sm:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="two-factor-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
          Two-factor authentication
        </h2>
        {status}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const onBadge = <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">On</span>;

const turnOffPrompts: Record<SecondFactorCodeKind, string> = {
  app: 'Enter a code from your authenticator app to turn off two-factor authentication.',
  recovery: 'Enter one of your recovery codes to turn off two-factor authentication.',
};

/**
 * Turns TOTP two-factor authentication on (QR code, secret, first code, then the recovery codes,
 * shown once) and off; while it is on, tells how many recovery codes are left and makes new ones.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const factors = useAuthenticatorFactors();
  const heading = useRef<HTMLHeadingElement>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [askingCodeToTurnOff, setAskingCodeToTurnOff] = useState(false);

  const enrol = useMutation({ mutationFn: enrolAuthenticator, onSuccess: setEnrolment });
  const turnOff = useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code?: string }) => {
      if (code === undefined && !(await sessionHasProvedSecondFactor())) return 'needs-code' as const;
      if (code !== undefined) {
        const error = await verifySecondFactor(code);
        if (error) throw error;
      }
      await removeAuthenticator(factorId);
      return 'removed' as const;
    },
    onSuccess: async (outcome) => {
      setAskingCodeToTurnOff(outcome === 'needs-code');
      if (outcome === 'removed') {
        toast.success('Two-factor authentication is off.');
        await queryClient.invalidateQueries({ queryKey: factorsQueryOptions.queryKey });
      }
    },
  });

  if (recoveryCodes) {
    return (
      <Card status={onBadge} headingRef={heading}>
        <RecoveryCodesPanel
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            heading.current?.focus();
          }}
        />
      </Card>
    );
  }

  if (factors.isPending) {
    return (
      <Card>
        <Spinner label="Loading…" />
      </Card>
    );
  }
  if (factors.isError) {
    return (
      <Card>
        <LoadError
          title="We couldn't load your two-factor settings."
          error={factors.error}
          onRetry={() => {
            void factors.refetch();
          }}
        />
      </Card>
    );
  }

  const { verified, unverified } = factors.data;

  if (enrolment) {
    return (
      <Card>
        <EnrolmentStep
          enrolment={enrolment}
          onFinished={(codes) => {
            setEnrolment(null);
            if (codes.length > 0) setRecoveryCodes(codes);
          }}
        />
      </Card>
    );
  }

  if (!verified) {
    return (
      <Card status={<span className="rounded-full bg-white/10 px-2.5 py-0.5 text-xs font-semibold text-zinc-300">Off</span>}>
        <p className="max-w-2xl text-sm text-zinc-400">
          Protect your account with a second step: each time you log in, enter a 6-digit code from an authenticator app
          on your phone.
        </p>
        <div className="mt-5 space-y-4">
          <FormError message={enrol.error?.message} />
          <Button
            disabled={enrol.isPending}
            onClick={() => {
              enrol.mutate(unverified);
            }}
          >
            {enrol.isPending ? 'Starting…' : 'Enable two-factor authentication'}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card status={onBadge} headingRef={heading}>
      <p className="max-w-2xl text-sm text-zinc-400">
        Logging in asks for a code from your authenticator app, or one of your recovery codes if you lose your phone.
      </p>
      <div className="mt-5">
        <RecoveryCodesStatus onNewCodes={setRecoveryCodes} />
      </div>
      <div className="mt-5 space-y-4">
        {askingCodeToTurnOff ? (
          <CodeForm
            submitLabel="Turn off"
            pending={turnOff.isPending}
            error={turnOff.error}
            prompts={turnOffPrompts}
            onSubmit={(code) => {
              turnOff.mutate({ factorId: verified.id, code });
            }}
            onCancel={() => {
              setAskingCodeToTurnOff(false);
              turnOff.reset();
            }}
          />
        ) : (
          <>
            <FormError message={turnOff.error?.message} />
            <Button
              variant="secondary"
              disabled={turnOff.isPending}
              onClick={() => {
                turnOff.mutate({ factorId: verified.id });
              }}
            >
              Turn off two-factor authentication
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
