import { describe, expect, it } from 'vitest';
import { qrCodeImageSource } from './qrCode';

describe('qrCodeImageSource', () => {
  it('percent-encodes raw SVG markup so a "#" colour does not end the URL', () => {
    const source = qrCodeImageSource('data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000"/></svg>');

    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000"/></svg>',
    );
  });

  it('keeps any other image URL as it is', () => {
    expect(qrCodeImageSource('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
