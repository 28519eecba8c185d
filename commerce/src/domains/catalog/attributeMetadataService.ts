import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { StoreLabels } from './translationService';
import { attributeMetadataView, attributeOptionView, type AttributeMetadataView } from './productView';

/**
 * The product attributes' metadata, as the PWA metapackage's `attributesMetadata` lists it: every
 * product attribute in the attributes' order, or those named by uid, with all their options, in
 * the store view's words. The attributes here are all the merchant's (none is the system's), so
 * asking for system attributes adds none.
 */
export function createAttributeMetadataService(db: Kysely<Database>) {
  return {
    async productAttributes(
      uids: readonly string[] | null | undefined,
      labels: StoreLabels,
      storeCode: string,
    ): Promise<AttributeMetadataView[]> {
      const [attributes, options] = await Promise.all([
        db.selectFrom('attribute').selectAll().orderBy('position').orderBy('code').execute(),
        db.selectFrom('attribute_option').selectAll().orderBy('position').orderBy('id').execute(),
      ]);
      const views = attributes.map((attribute) =>
        attributeMetadataView(
          {
            code: attribute.code,
            label: labels.attributes.get(attribute.code) ?? attribute.label,
            position: attribute.position,
            filterable: attribute.is_filterable === 1,
          },
          options
            .filter((o) => o.attribute_code === attribute.code)
            .map((o) => attributeOptionView({ id: o.id, label: labels.options.get(o.id) ?? o.label })),
          storeCode,
        ),
      );
      return uids ? views.filter((view) => uids.includes(view.uid)) : views;
    },
  };
}

export type AttributeMetadataService = ReturnType<typeof createAttributeMetadataService>;
