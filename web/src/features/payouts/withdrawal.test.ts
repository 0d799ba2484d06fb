import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  canWithdraw,
  centsOf,
  emptyWithdrawalFields,
  eurOfUnits,
  outcomeUnknown,
  payoutMessages,
  submissionFor,
  withdrawalProblem,
  withdrawalRequestOf,
  type WithdrawalFields,
} from './withdrawal';

const paypal = (paypalEmail: string): WithdrawalFields => ({ ...emptyWithdrawalFields, method: 'paypal', paypalEmail });
const bank = (accountName: string, iban: string, swift: string): WithdrawalFields => ({
  ...emptyWithdrawalFields,
  method: 'bank',
  accountName,
  iban,
  swift,
});

describe('centsOf and eurOfUnits', () => {
  it('reads amounts with 2 decimals as whole cents, without floating point', () => {
    expect(centsOf('12.34')).toBe(1234);
    expect(centsOf('5.00')).toBe(500);
    expect(centsOf('5')).toBe(500);
    expect(centsOf('0.1')).toBe(10);
    expect(centsOf('4.99')).toBe(499);
    expect(centsOf('not money')).toBe(0);
  });

  it('writes units of 0.0001 EUR rounded down to cents', () => {
    expect(eurOfUnits(0)).toBe('0.00');
    expect(eurOfUnits(21)).toBe('0.00');
    expect(eurOfUnits(42_000)).toBe('4.20');
    expect(eurOfUnits(123_499)).toBe('12.34');
    expect(eurOfUnits(50_000)).toBe('5.00');
  });
});

describe('canWithdraw', () => {
  it('allows a withdrawal from the minimum up', () => {
    expect(canWithdraw('4.99', '5.00')).toBe(false);
    expect(canWithdraw('5.00', '5.00')).toBe(true);
    expect(canWithdraw('120.00', '5.00')).toBe(true);
  });
});

describe('withdrawalProblem', () => {
  it('checks the minimum first, whatever the form holds', () => {
    expect(withdrawalProblem('4.99', '5.00', paypal(''))).toBe(payoutMessages.belowMinimum);
    expect(withdrawalProblem('4.99', '5.00', bank('', '', ''))).toBe('Minimum withdrawal amount is 5 EUR.');
  });

  it('then a PayPal email, blank counting as empty', () => {
    expect(withdrawalProblem('5.00', '5.00', paypal(''))).toBe('Please provide your PayPal email.');
    expect(withdrawalProblem('5.00', '5.00', paypal('  '))).toBe('Please provide your PayPal email.');
    expect(withdrawalProblem('5.00', '5.00', paypal('ada@example.com'))).toBeNull();
  });

  it('then each of the three bank details', () => {
    const message = 'Please fill in all bank details.';
    expect(withdrawalProblem('5.00', '5.00', bank('', 'DE89370400440532013000', 'DEUTDEFF'))).toBe(message);
    expect(withdrawalProblem('5.00', '5.00', bank('Ada', ' ', 'DEUTDEFF'))).toBe(message);
    expect(withdrawalProblem('5.00', '5.00', bank('Ada', 'DE89370400440532013000', ''))).toBe(message);
    expect(withdrawalProblem('5.00', '5.00', bank('Ada', 'DE89370400440532013000', 'DEUTDEFF'))).toBeNull();
  });

  it('leaves the format of an email, IBAN or SWIFT/BIC code to the server', () => {
    expect(withdrawalProblem('5.00', '5.00', paypal('not an email'))).toBeNull();
    expect(withdrawalProblem('5.00', '5.00', bank('Ada', 'X', 'Y'))).toBeNull();
  });
});

describe('withdrawalRequestOf', () => {
  it("sends the chosen method's details, trimmed", () => {
    expect(withdrawalRequestOf({ ...paypal(' ada@example.com '), accountName: 'kept aside' })).toEqual({
      method: 'paypal',
      details: 'ada@example.com',
    });
    expect(withdrawalRequestOf({ ...bank(' Ada ', ' DE89 3704 ', ' DEUTDEFF '), paypalEmail: 'kept aside' })).toEqual({
      method: 'bank',
      details: { account_name: 'Ada', iban: 'DE89 3704', swift: 'DEUTDEFF' },
    });
  });
});

describe('submissionFor and outcomeUnknown', () => {
  const request = withdrawalRequestOf(paypal('ada@example.com'));
  const keys = () => {
    let n = 0;
    return () => `key-${String(++n)}`;
  };

  it('keeps the key of the same request sent again after an unknown outcome', () => {
    const newKey = keys();
    const first = submissionFor(request, null, newKey);
    expect(first.key).toBe('key-1');
    expect(submissionFor(withdrawalRequestOf(paypal('ada@example.com')), first, newKey)).toBe(first);
  });

  it('names a changed request, or one sent after an answer, with a new key', () => {
    const newKey = keys();
    const first = submissionFor(request, null, newKey);
    expect(submissionFor(withdrawalRequestOf(paypal('bob@example.com')), first, newKey).key).toBe('key-2');
    expect(submissionFor(request, null, newKey).key).toBe('key-3');
  });

  it('takes no answer or a server failure as an unknown outcome, a refusal as an answer', () => {
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(outcomeUnknown(new ApiError('Something went wrong.', 500, 'internal'))).toBe(true);
    expect(outcomeUnknown(new ApiError('The server answered with status 502.', 502))).toBe(true);
    expect(outcomeUnknown(new ApiError('Please enter a valid IBAN.', 422, 'invalid_iban'))).toBe(false);
    expect(outcomeUnknown(new ApiError('Not signed in.', 401, 'unauthorized'))).toBe(false);
  });
});
