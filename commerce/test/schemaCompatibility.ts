// Structural comparison of our commerce schema with the Magento 2.4.7 reference.
// Kept apart from the test file so a failure lists every mismatch at once and the
// rules (what counts as "the same") can be read in one place.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType } from 'graphql';
import type { GraphQLArgument, GraphQLNamedType, GraphQLSchema } from 'graphql';

/**
 * Magento generates some input types from the catalog's attributes at run time, so a shop
 * with more filterable attributes has more fields there. Our extra fields on these inputs are
 * legitimate as long as they use one of the input types Magento assigns to attributes.
 */
export const ATTRIBUTE_DRIVEN_INPUTS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['ProductAttributeFilterInput', new Set(['FilterEqualTypeInput', 'FilterMatchTypeInput', 'FilterRangeTypeInput'])],
  ['ProductAttributeSortInput', new Set(['SortEnum'])],
]);

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInterfaceType(type)) return 'interface';
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isUnionType(type)) return 'union';
  if (isScalarType(type)) return 'scalar';
  return 'unknown';
}

function signatureOfArgs(args: readonly GraphQLArgument[]): Map<string, string> {
  // Default values are part of the contract: a client omitting pageSize must get the same page.
  return new Map(
    args.map((a) => [
      a.name,
      `${String(a.type)}${a.defaultValue === undefined ? '' : ` = ${JSON.stringify(a.defaultValue)}`}`,
    ]),
  );
}

/** Every way our schema departs from the reference; empty when ours is a compatible subset. */
export function findIncompatibilities(ours: GraphQLSchema, reference: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const theirs = reference.getType(type.name);
    if (!theirs) {
      problems.push(`type ${type.name}: not in Magento`);
      continue;
    }
    if (kindOf(type) !== kindOf(theirs)) {
      problems.push(`type ${type.name}: is ${kindOf(type)} here, ${kindOf(theirs)} in Magento`);
      continue;
    }

    if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(theirs) || isInterfaceType(theirs))) {
      const theirFields = theirs.getFields();
      for (const field of Object.values(type.getFields())) {
        const where = `${type.name}.${field.name}`;
        const theirField = theirFields[field.name];
        if (!theirField) {
          problems.push(`${where}: not in Magento`);
          continue;
        }
        if (String(field.type) !== String(theirField.type)) {
          problems.push(`${where}: type ${String(field.type)} here, ${String(theirField.type)} in Magento`);
        }
        const ourArgs = signatureOfArgs(field.args);
        const theirArgs = signatureOfArgs(theirField.args);
        for (const [name, sig] of ourArgs) {
          const theirSig = theirArgs.get(name);
          if (theirSig === undefined) problems.push(`${where}(${name}): argument not in Magento`);
          else if (theirSig !== sig) problems.push(`${where}(${name}): ${sig} here, ${theirSig} in Magento`);
        }
        // A missing argument breaks clients that send it, so the argument lists must be equal.
        for (const name of theirArgs.keys()) {
          if (!ourArgs.has(name)) problems.push(`${where}(${name}): Magento's argument is missing here`);
        }
        const ourDeprecation = field.deprecationReason ?? null;
        const theirDeprecation = theirField.deprecationReason ?? null;
        if (ourDeprecation !== null && ourDeprecation !== theirDeprecation) {
          problems.push(
            `${where}: deprecated here ("${ourDeprecation}"), Magento says ${JSON.stringify(theirDeprecation)}`,
          );
        }
      }
      const theirInterfaces = new Set(theirs.getInterfaces().map((i) => i.name));
      for (const iface of type.getInterfaces()) {
        if (!theirInterfaces.has(iface.name))
          problems.push(`type ${type.name}: implements ${iface.name}, Magento's does not`);
      }
    }

    if (isInputObjectType(type) && isInputObjectType(theirs)) {
      const theirFields = theirs.getFields();
      const attributeTypes = ATTRIBUTE_DRIVEN_INPUTS.get(type.name);
      for (const field of Object.values(type.getFields())) {
        const where = `${type.name}.${field.name}`;
        const theirField = theirFields[field.name];
        if (!theirField) {
          if (!attributeTypes) problems.push(`${where}: not in Magento`);
          else if (!attributeTypes.has(String(field.type))) {
            problems.push(
              `${where}: attribute field typed ${String(field.type)}, Magento uses one of ${[...attributeTypes].join(', ')}`,
            );
          }
          continue;
        }
        if (String(field.type) !== String(theirField.type)) {
          problems.push(`${where}: type ${String(field.type)} here, ${String(theirField.type)} in Magento`);
        }
      }
    }

    if (isEnumType(type) && isEnumType(theirs)) {
      const theirValues = new Set(theirs.getValues().map((v) => v.name));
      for (const value of type.getValues()) {
        if (!theirValues.has(value.name)) problems.push(`${type.name}.${value.name}: enum value not in Magento`);
      }
    }

    if (isUnionType(type) && isUnionType(theirs)) {
      const theirMembers = new Set(theirs.getTypes().map((t) => t.name));
      for (const member of type.getTypes()) {
        if (!theirMembers.has(member.name)) problems.push(`union ${type.name}: member ${member.name} not in Magento`);
      }
    }
  }
  return problems;
}

/**
 * Every part of Magento's schema that our schema lacks, for the types we already have: missing
 * fields (of objects, interfaces and inputs), arguments, enum values, union members, interfaces
 * and deprecation reasons. Entries are named like `Type.field`, `Type.field(arg)`, `Enum.VALUE`,
 * `union U: member M`, `type T: implements I`, `Type.field: deprecation`; `skip` lists the ones
 * left out on purpose (see the test's exclusion list).
 */
export function findMissing(ours: GraphQLSchema, reference: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(ours.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const theirs = reference.getType(type.name);
    if (!theirs || kindOf(type) !== kindOf(theirs)) continue; // reported by findIncompatibilities

    if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(theirs) || isInterfaceType(theirs))) {
      const ourFields = type.getFields();
      for (const theirField of Object.values(theirs.getFields())) {
        const where = `${type.name}.${theirField.name}`;
        const field = ourFields[theirField.name];
        if (!field) {
          missing.push(where);
          continue;
        }
        const ourArgs = new Set(field.args.map((a) => a.name));
        for (const arg of theirField.args) if (!ourArgs.has(arg.name)) missing.push(`${where}(${arg.name})`);
        if ((theirField.deprecationReason ?? null) !== (field.deprecationReason ?? null)) {
          missing.push(`${where}: deprecation`);
        }
      }
      const ourInterfaces = new Set(type.getInterfaces().map((i) => i.name));
      for (const iface of theirs.getInterfaces()) {
        if (!ourInterfaces.has(iface.name)) missing.push(`type ${type.name}: implements ${iface.name}`);
      }
    }

    if (isInputObjectType(type) && isInputObjectType(theirs)) {
      const ourFields = type.getFields();
      for (const theirField of Object.values(theirs.getFields())) {
        const where = `${type.name}.${theirField.name}`;
        if (!ourFields[theirField.name]) missing.push(where);
        else if ((theirField.deprecationReason ?? null) !== (ourFields[theirField.name]?.deprecationReason ?? null)) {
          missing.push(`${where}: deprecation`);
        }
      }
    }

    if (isEnumType(type) && isEnumType(theirs)) {
      const ourValues = new Map(type.getValues().map((v) => [v.name, v]));
      for (const value of theirs.getValues()) {
        const ourValue = ourValues.get(value.name);
        if (!ourValue) missing.push(`${type.name}.${value.name}`);
        else if ((value.deprecationReason ?? null) !== (ourValue.deprecationReason ?? null)) {
          missing.push(`${type.name}.${value.name}: deprecation`);
        }
      }
    }

    if (isUnionType(type) && isUnionType(theirs)) {
      const ourMembers = new Set(type.getTypes().map((t) => t.name));
      for (const member of theirs.getTypes()) {
        if (!ourMembers.has(member.name)) missing.push(`union ${type.name}: member ${member.name}`);
      }
    }
  }
  return missing;
}
