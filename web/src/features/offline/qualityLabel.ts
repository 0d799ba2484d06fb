import type { StreamQuality } from '@/lib/downloads/types';

const labels: Record<StreamQuality, string> = { standard: 'Standard quality', high: 'High quality', lossless: 'Lossless' };

export function qualityLabel(quality: StreamQuality): string {
  return labels[quality];
}
