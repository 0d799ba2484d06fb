const RAW_SVG_PREFIX = 'data:image/svg+xml;utf-8,';

/**
 * The auth client hands the QR code over as `data:image/svg+xml;utf-8,<svg …>` with the markup
 * as it is. A browser ends a URL at its first "#", which cuts an SVG with `fill="#000"` short, so
 * the markup is percent-encoded here.
 */
export function qrCodeImageSource(qrCode: string): string {
  if (!qrCode.startsWith(RAW_SVG_PREFIX)) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(RAW_SVG_PREFIX.length))}`;
}
