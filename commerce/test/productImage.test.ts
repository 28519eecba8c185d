import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEMO_IMAGE_KINDS,
  demoProductImagePath,
  parseDemoProductImagePath,
  renderDemoProductSvg,
} from '../src/demo/productImage';

describe('demo product image paths', () => {
  it('round-trip kind, colour and view', () => {
    const path = demoProductImagePath('hoodie', '#1F2A44', 2);
    expect(path).toBe('/media/catalog/product/demo/hoodie/1f2a44/2.png');
    expect(parseDemoProductImagePath(path)).toEqual({ kind: 'hoodie', hex: '1f2a44', view: 2 });
  });

  it('refuses anything that is not a demo image path', () => {
    for (const path of [
      '/media/catalog/product/demo/robot/1f2a44/1.png',
      '/media/catalog/product/demo/tee/1f2a4/1.png',
      '/media/catalog/product/demo/tee/1f2a44/4.png',
      '/media/catalog/product/demo/tee/1f2a44/../1.png',
      '/media/catalog/product/other.png',
    ]) {
      expect(parseDemoProductImagePath(path), path).toBeNull();
      expect(renderDemoProductSvg(path), path).toBeNull();
    }
    expect(() => demoProductImagePath('tee', 'blue', 1)).toThrow(/hex/);
  });

  it('draws the same picture every time, and different views differ', () => {
    const front = renderDemoProductSvg(demoProductImagePath('mug', 'c2410c', 1));
    expect(front).toBe(renderDemoProductSvg(demoProductImagePath('mug', 'c2410c', 1)));
    expect(front).not.toBe(renderDemoProductSvg(demoProductImagePath('mug', 'c2410c', 2)));
    expect(front).not.toBe(renderDemoProductSvg(demoProductImagePath('mug', '15803d', 1)));
  });

  it('renders every kind and view to a 4:5 raster', async () => {
    for (const kind of DEMO_IMAGE_KINDS) {
      for (const view of [1, 2, 3] as const) {
        const svg = renderDemoProductSvg(demoProductImagePath(kind, '3b82f6', view))!;
        expect(svg.startsWith('<svg')).toBe(true);
        const { info } = await sharp(Buffer.from(svg))
          .resize({ width: 80 })
          .png()
          .toBuffer({ resolveWithObject: true });
        expect(info.width).toBe(80);
        expect(info.height).toBe(100);
      }
    }
  });
});
