// Magento's own import fixtures (commerce/test/fixtures/magento-import/, see its README) and the
// images Magento's import tests copy into place before they import them. The images are drawn
// here (tiny JPEGs under Magento's file names): what the tests need is a readable image file
// behind each name, not Adobe's pictures.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const MAGENTO_FIXTURES_DIR = path.join(import.meta.dirname, 'fixtures', 'magento-import');

export interface MagentoFixture {
  /** Module folder and file name, as in Magento: `CatalogImportExport/products_to_import.csv`. */
  name: string;
  csv: string;
}

export function magentoFixtures(): MagentoFixture[] {
  return [
    'CatalogImportExport',
    'ConfigurableImportExport',
    'BundleImportExport',
    'GroupedImportExport',
    'DownloadableImportExport',
  ].flatMap((module) =>
    readdirSync(path.join(MAGENTO_FIXTURES_DIR, module))
      .filter((file) => file.endsWith('.csv'))
      .sort()
      .map((file) => ({
        name: `${module}/${file}`,
        csv: readFileSync(path.join(MAGENTO_FIXTURES_DIR, module, file), 'utf8'),
      })),
  );
}

/** The image files Magento's ProductTest puts in its import folder (mediaImportImageFixture and others). */
export const MAGENTO_IMAGE_NAMES = [
  'magento_image.jpg',
  'magento_small_image.jpg',
  'magento_thumbnail.jpg',
  'magento_additional_image_one.jpg',
  'magento_additional_image_two.jpg',
  'magento_additional_image_three.jpg',
  'magento_additional_image_four.jpg',
  'magento_image_2.jpg',
  'magento_small_image_2.jpg',
  'magento_long_image_name_magento_long_image_name_magento_long_image_name.jpg',
  'repro_replace_additional_a.jpg',
  'repro_replace_additional_b.jpg',
  'repro_replace_additional_c.jpg',
];

/** Writes Magento's test images into `dir` (and under m/a/, where Magento's paths point). */
export async function writeMagentoImages(dir: string): Promise<void> {
  mkdirSync(path.join(dir, 'm', 'a'), { recursive: true });
  let shade = 0;
  for (const name of MAGENTO_IMAGE_NAMES) {
    shade = (shade + 37) % 256;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(dir, name), jpeg);
    writeFileSync(path.join(dir, 'm', 'a', name), jpeg);
  }
}
