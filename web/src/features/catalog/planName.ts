const planNames: Record<string, string> = { free: 'Free', basic: 'Basic', premium: 'Premium' };

/** 'Free', 'Basic' or 'Premium'; a missing or unknown plan reads as free. */
export function planName(plan: string | null | undefined): string {
  return planNames[plan ?? 'free'] ?? 'Free';
}
