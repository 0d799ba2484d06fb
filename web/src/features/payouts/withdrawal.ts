import { ApiError } from '@/lib/api';
import type { WithdrawalMethod, WithdrawalRequest } from './api/payouts';

/** What the page says about withdrawals, word for word. */
export const payoutMessages = {
  belowMinimum: 'Minimum withdrawal amount is 5 EUR.',
  paypalEmailRequired: 'Please provide your PayPal email.',
  bankDetailsRequired: 'Please fill in all bank details.',
  failed: 'Failed to request withdrawal. Please try again.',
  succeeded: 'Withdrawal request submitted successfully! Your balance will update once processed.',
  noHistory: 'You have no previous payout requests.',
  minimumNote: (minimumEur: string) => `Minimum withdrawal amount: ${minimumEur} EUR`,
  insufficientBalance: (minimumEur: string) =>
    `Insufficient Balance: You need at least ${minimumEur} EUR in your balance to request a withdrawal. Keep creating and sharing music!`,
  processingTime: 'Processing takes 5-7 business days.',
} as const;

/** The smallest withdrawal, as the server states it; shown until the balance has been read. */
export const defaultMinimumEur = '5.00';

/** What the withdrawal form holds. Both methods' fields are kept, so switching back loses nothing. */
export interface WithdrawalFields {
  method: WithdrawalMethod;
  paypalEmail: string;
  accountName: string;
  iban: string;
  swift: string;
}

export const emptyWithdrawalFields: WithdrawalFields = {
  method: 'paypal',
  paypalEmail: '',
  accountName: '',
  iban: '',
  swift: '',
};

export const methodLabels: Record<WithdrawalMethod, string> = {
  paypal: 'PayPal',
  bank: 'Bank Transfer',
};

/** Whole cents of an amount the server writes with 2 decimals ('12.34' -> 1234), read without floating point. */
export function centsOf(eur: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(eur.trim());
  if (!match) return 0;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount in units of 0.0001 EUR, rounded down to cents, with 2 decimals: 12345 -> '1.23'. */
export function eurOfUnits(units: number): string {
  const cents = Math.floor(units / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A balance of at least the minimum can be withdrawn. */
export function canWithdraw(balanceEur: string, minimumEur: string): boolean {
  return centsOf(balanceEur) >= centsOf(minimumEur);
}

/**
 * Why the form cannot be sent, checked in this order: the minimum, then the PayPal email or the bank
 * details; null when it can. A blank field counts as empty.
 */
export function withdrawalProblem(balanceEur: string, minimumEur: string, fields: WithdrawalFields): string | null {
  if (!canWithdraw(balanceEur, minimumEur)) return payoutMessages.belowMinimum;
  if (fields.method === 'paypal') {
    return fields.paypalEmail.trim() === '' ? payoutMessages.paypalEmailRequired : null;
  }
  const bankFields = [fields.accountName, fields.iban, fields.swift];
  return bankFields.some((field) => field.trim() === '') ? payoutMessages.bankDetailsRequired : null;
}

/** The request the form sends: the PayPal email, or the three bank details, trimmed. */
export function withdrawalRequestOf(fields: WithdrawalFields): WithdrawalRequest {
  if (fields.method === 'paypal') return { method: 'paypal', details: fields.paypalEmail.trim() };
  return {
    method: 'bank',
    details: { account_name: fields.accountName.trim(), iban: fields.iban.trim(), swift: fields.swift.trim() },
  };
}

/** A submission on its way: the request and the `Idempotency-Key` that names it. */
export interface Submission {
  request: WithdrawalRequest;
  key: string;
}

/**
 * The submission to send: the one before again, with its key, when the same request is retried
 * after an unknown outcome; else a fresh one under a new key.
 */
export function submissionFor(request: WithdrawalRequest, unsettled: Submission | null, newKey: () => string): Submission {
  if (unsettled && JSON.stringify(unsettled.request) === JSON.stringify(request)) return unsettled;
  return { request, key: newKey() };
}

/**
 * Whether a failed request may have withdrawn anyway: nothing or a server failure came back, so
 * the same submission is retried under the same key. A refusal (4xx) is an answer: it withdrew nothing.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500);
}
