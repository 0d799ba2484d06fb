const planLabels: Record<string, string> = {
  free: 'Free Plan',
  basic: 'Basic Plan',
  premium: 'Premium Plan',
};

/** 'Free Plan', 'Basic Plan' or 'Premium Plan'; a missing or unknown plan reads as free. */
export function planLabel(plan: string | null | undefined): string {
  return planLabels[plan ?? 'free'] ?? 'Free Plan';
}
