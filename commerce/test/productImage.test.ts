import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE, imageKindFor } from '../src/demo/catalogDefinitions';
import type { ProductLine } from '../src/demo/catalogDefinitions';
import { generateDemoCatalog } from '../src/demo/catalogGenerator';
import {
  DEMO_IMAGE_KINDS,
  demoProductImagePath,
  parseDemoProductImagePath,
  renderDemoProductSvg,
} from '../src/demo/productImage';
import type { DemoImageKind } from '../src/demo/productImage';
import { KIND_DRAWINGS } from '../src/demo/productImageDrawings';

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

  // The largest image on the phone's home, category and product pages is an 800 px WebP of view 1
  // (the media endpoint's default quality, 78). A garment's cloth grain once made these 2–3× the
  // flat drawing's size (a jacket 26 KB, a hoodie 35 KB) and LCP came later on every page for it.
  it("keeps a garment's 800 px WebP under 20 KB", async () => {
    for (const [kind, hex] of [
      ['jacket', 'b5542d'],
      ['hoodie', 'e0a83e'],
      ['tee', '2a7f7a'],
      ['dress', 'c9826b'],
    ] as const) {
      const svg = renderDemoProductSvg(demoProductImagePath(kind, hex, 1))!;
      const webp = await sharp(Buffer.from(svg), { density: 150 })
        .resize({ width: 800 })
        .webp({ quality: 78 })
        .toBuffer();
      expect(webp.length, kind).toBeLessThan(20 * 1024);
    }
  });

  it('has a drawing for every kind, and nothing drawn that is not a kind', () => {
    expect(Object.keys(KIND_DRAWINGS).sort()).toEqual([...DEMO_IMAGE_KINDS].sort());
    for (const kind of DEMO_IMAGE_KINDS) {
      const drawing = KIND_DRAWINGS[kind];
      // Garments hang and carry a cloth grain; everything else stands on the podium.
      expect(drawing.stage === 'podium' ? drawing.fabric : typeof drawing.fabric, kind).toBe(
        drawing.stage === 'podium' ? undefined : 'string',
      );
    }
  });

  it('draws every kind the same way every time, as well-formed SVG with one of each id', () => {
    for (const kind of DEMO_IMAGE_KINDS) {
      for (const view of [1, 2, 3] as const) {
        const path = demoProductImagePath(kind, 'b5542d', view);
        const svg = renderDemoProductSvg(path)!;
        expect(svg, path).toBe(renderDemoProductSvg(path));
        expect(svg.endsWith('</svg>'), path).toBe(true);
        expect(svg, path).not.toMatch(/undefined|NaN/);
        const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(ids).size, path).toBe(ids.length);
        for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids, `${path} uses #${ref}`).toContain(ref);
      }
    }
  });

  it('keeps paint cheap to render: no <pattern> tiles, no per-element opacity groups', () => {
    // librsvg resamples pattern tiles very slowly once a view scales or rotates them (seconds
    // per image), and an opacity attribute renders its element on a surface of its own.
    for (const kind of DEMO_IMAGE_KINDS) {
      for (const view of [1, 2, 3] as const) {
        const svg = renderDemoProductSvg(demoProductImagePath(kind, '1f2a44', view))!;
        expect(svg, `${kind}/${view}`).not.toContain('<pattern');
        expect(svg, `${kind}/${view}`).not.toMatch(/ opacity="/);
      }
    }
  });

  it('gives garments a fixed-seed cloth grain and objects none', () => {
    const tank = renderDemoProductSvg(demoProductImagePath('tank', '2a7f7a', 1))!;
    expect(tank).toMatch(/<filter id="drop"[^>]*>.*<feTurbulence [^>]*seed="7"/);
    expect(tank).toContain('filter="url(#drop)"');
    const stool = renderDemoProductSvg(demoProductImagePath('stool', '2a7f7a', 1))!;
    expect(stool).not.toContain('<filter');
  });
});

describe('demo catalog pictures', () => {
  const lines = (): ProductLine[] => CATEGORY_TREE.flatMap((top) => top.children.flatMap((child) => child.lines));
  const OVERRIDES: Record<string, DemoImageKind> = {
    'Ribbed Tank': 'tank',
    'Kids Long-Sleeve Tee': 'long-sleeve-tee',
    'Long-Sleeve Tee': 'long-sleeve-tee',
    'Kids Sweatshirt': 'sweatshirt',
    'Crew Sweatshirt': 'sweatshirt',
    'Half-Zip Sweatshirt': 'half-zip',
    'Wool Coat': 'coat',
    'Rain Jacket': 'rain-jacket',
    'Puffer Jacket': 'puffer-jacket',
    'Denim Jacket': 'denim-jacket',
    'Field Jacket': 'field-jacket',
    'Shell Jacket': 'shell-jacket',
    'Storm Shell': 'shell-jacket',
    'Insulated Parka': 'puffer-jacket',
    'Softshell Jacket': 'shell-jacket',
    'Packable Windbreaker': 'rain-jacket',
    Stool: 'stool',
  };
  const kindOf = (url: string) => parseDemoProductImagePath(url)!.kind;
  const skuPrefix = (kind: string) => kind.replace('-', '').slice(0, 3).toUpperCase();

  it('only overrides nouns that its line has, with kinds that are drawn', () => {
    for (const line of lines()) {
      for (const [noun, kind] of Object.entries(line.imageKinds ?? {})) {
        if (!line.nouns.includes(noun)) continue; // inherited by a line with other nouns ('Outdoor Jackets')
        expect(DEMO_IMAGE_KINDS, noun).toContain(kind);
      }
      const own = Object.keys(line.imageKinds ?? {}).filter((noun) => line.nouns.includes(noun));
      for (const noun of own) expect(imageKindFor(line, noun)).toBe(line.imageKinds![noun]);
      for (const noun of line.nouns.filter((n) => !own.includes(n))) expect(imageKindFor(line, noun)).toBe(line.kind);
    }
    const overridden = new Set(lines().flatMap((line) => Object.keys(line.imageKinds ?? {})));
    for (const noun of Object.keys(OVERRIDES)) expect(overridden, noun).toContain(noun);
  });

  it('pictures each product by its noun, while its SKU keeps the line kind', () => {
    // Large enough that every overridden noun is picked at least once.
    const products = [...generateDemoCatalog({ products: 1500, compact: true }).products()];
    const seen = new Set<string>();
    for (const product of products) {
      const parent = product.products[0]!;
      const noun = Object.keys(OVERRIDES).find((n) => parent.name.endsWith(` ${n}`));
      const kinds = new Set(product.media.map((m) => kindOf(m.url)));
      expect(kinds.size, parent.name).toBe(1);
      const [kind] = [...kinds] as [DemoImageKind];
      if (noun) {
        seen.add(noun);
        expect(kind, parent.name).toBe(OVERRIDES[noun]);
        expect(product.media[0]!.url, parent.name).toContain(`/demo/${OVERRIDES[noun]}/`);
        // The SKU still names the line: a tank is a TEE, a coat a JAC, a stool a CHA.
        expect(skuPrefix(kind), parent.name).not.toBe(parent.sku.slice(0, 3));
      } else {
        expect(skuPrefix(kind), parent.name).toBe(parent.sku.slice(0, 3));
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(OVERRIDES).sort());
  });

  it('keeps the SKUs, names and prices of the default catalog', () => {
    const products = [...generateDemoCatalog().products()];
    const tank = products.find((p) => p.products[0]!.name.endsWith(' Ribbed Tank'))!;
    expect(tank.products[0]!.sku).toMatch(/^TEE\d{5}$/);
    expect(tank.media.every((m) => m.url.includes('/demo/tank/'))).toBe(true);
    for (const [noun, prefix] of [
      ['Wool Coat', 'JAC'],
      ['Stool', 'CHA'],
      ['Crew Sweatshirt', 'HOO'],
      ['Long-Sleeve Tee', 'TEE'],
    ] as const) {
      const product = products.find((p) => p.products[0]!.name.endsWith(` ${noun}`));
      expect(product?.products[0]!.sku.slice(0, 3), noun).toBe(prefix);
    }
    // Variant SKUs follow the parent's.
    for (const product of products) {
      for (const variant of product.products.slice(1))
        expect(variant.sku.startsWith(product.products[0]!.sku)).toBe(true);
    }
  });
});
