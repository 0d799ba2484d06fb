/** "$0", "$4.99": whole amounts drop the cents, as plan prices are written across the product. */
export function formatPlanPrice(priceCents: number, currency: string): string {
  const fractionDigits = priceCents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(priceCents / 100);
}

/** The API sends null (its schema also allows leaving it out) for a plan without an upload limit. */
export function formatUploadLimit(uploadLimit: number | null | undefined): string {
  return uploadLimit == null ? 'Unlimited' : `${uploadLimit.toLocaleString('en-US')} per month`;
}

/** The name of plan `id` in the plans' definition; its id capitalised while the plans are not loaded. */
export function planNameOf(plans: readonly { id: string; name: string }[] | undefined, id: string): string {
  return plans?.find((plan) => plan.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}
