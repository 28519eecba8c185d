#!/usr/bin/env node
// Makes the in-repository copy of the PWA Studio metapackage's schemas (magento/magento2-pwa, the
// `magento/pwa` Composer package a Magento Open Source shop installs for Venia) that the
// compatibility tests add to the Magento reference. Like reduce-magento-schema.mjs it keeps names,
// types, arguments, default values, enum values, interfaces and deprecations, never Adobe's
// descriptions. Magento merges every module's `type X { … }` into one type; here a type the
// Magento reference already has becomes `extend type X` with only what the module adds, and an
// object type gets the fields of every interface it implements (Magento adds them itself).
//
//   node scripts/reduce-magento-pwa-schema.mjs [SOURCE_DIR] [TARGET]
//
// SOURCE_DIR defaults to ../shared/reference/magento-pwa beside the repository, TARGET to
// commerce/test/reference/magento-pwa.names.graphql.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, buildSchema, isInterfaceType, isObjectType, parse, print } from 'graphql';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '../shared/reference/magento-pwa'));
const target = path.resolve(
  process.argv[3] ?? path.join(repoRoot, 'commerce/test/reference/magento-pwa.names.graphql'),
);
const basePath = path.join(repoRoot, 'commerce/test/reference/magento-2.4.7-oss.names.graphql');
const base = buildSchema(readFileSync(basePath, 'utf8'));

/** Only @deprecated survives; Magento's own directives (@doc, @resolver, @cache…) are dropped. */
const keepDirectives = (node) => ({
  ...node,
  description: undefined,
  directives: (node.directives ?? []).filter((d) => d.name.value === 'deprecated'),
});
const cleanField = (field) => ({
  ...keepDirectives(field),
  arguments: field.arguments?.map((a) => keepDirectives(a)),
});

const KINDS = {
  [Kind.OBJECT_TYPE_DEFINITION]: 'type',
  [Kind.INTERFACE_TYPE_DEFINITION]: 'interface',
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: 'input',
  [Kind.ENUM_TYPE_DEFINITION]: 'enum',
};

/** name → { kind, fields: Map, interfaces: Set, values: Map }, merged over every file in order. */
const merged = new Map();
const files = readdirSync(sourceDir)
  .filter((f) => f.endsWith('.graphqls'))
  .sort();
for (const file of files) {
  // Magento allows empty braces (`type X implements Y {}`), which GraphQL's grammar does not.
  // and separates interfaces with commas where GraphQL wants `&`.
  const text = readFileSync(path.join(sourceDir, file), 'utf8')
    .replace(/\{\s*\}/g, '')
    .replace(
      /implements ([\w\s,&]+?)(?=\s*[{@]|\s*$)/gm,
      (_m, list) =>
        `implements ${list
          .split(/[\s,&]+/)
          .filter(Boolean)
          .join(' & ')}`,
    );
  for (const definition of parse(text, { noLocation: true }).definitions) {
    const kind = KINDS[definition.kind];
    if (!kind) throw new Error(`${file}: unexpected ${definition.kind}`);
    const name = definition.name.value;
    const entry = merged.get(name) ?? { kind, fields: new Map(), interfaces: new Set(), values: new Map() };
    if (entry.kind !== kind) throw new Error(`${file}: ${name} is a ${kind} here and a ${entry.kind} before`);
    for (const field of definition.fields ?? []) entry.fields.set(field.name.value, cleanField(field));
    for (const i of definition.interfaces ?? []) entry.interfaces.add(i.name.value);
    for (const value of definition.values ?? []) entry.values.set(value.name.value, keepDirectives(value));
    merged.set(name, entry);
  }
}

/** Every field name of a type as Magento would serve it: the reference's and the module's. */
const fieldNamesOf = (name) => {
  const existing = base.getType(name);
  const names = new Set(existing && 'getFields' in existing ? Object.keys(existing.getFields()) : []);
  for (const field of merged.get(name)?.fields.keys() ?? []) names.add(field);
  return names;
};
const interfacesOf = (name) => {
  const existing = base.getType(name);
  const names = new Set(
    isObjectType(existing) || isInterfaceType(existing) ? existing.getInterfaces().map((i) => i.name) : [],
  );
  for (const i of merged.get(name)?.interfaces ?? []) names.add(i);
  return names;
};
/** The field's definition from the module, or the reference's printed back as SDL. */
const fieldNode = (typeName, fieldName) => {
  const own = merged.get(typeName)?.fields.get(fieldName);
  if (own) return own;
  const existing = base.getType(typeName);
  const field = existing.getFields()[fieldName];
  const sdl = `type T { ${fieldName}${field.args?.length ? `(${field.args.map((a) => `${a.name}: ${a.type}`).join(', ')})` : ''}: ${field.type} }`;
  return parse(sdl).definitions[0].fields[0];
};

// An object type implementing an interface the module extends gets the new fields too.
for (const type of [...Object.values(base.getTypeMap()).map((t) => t.name), ...merged.keys()]) {
  const existing = base.getType(type);
  const entry = merged.get(type);
  const isObject = existing ? isObjectType(existing) : entry?.kind === 'type';
  if (!isObject) continue;
  const have = fieldNamesOf(type);
  for (const iface of interfacesOf(type)) {
    for (const fieldName of fieldNamesOf(iface)) {
      if (have.has(fieldName)) continue;
      const own = merged.get(type) ?? { kind: 'type', fields: new Map(), interfaces: new Set(), values: new Map() };
      own.fields.set(fieldName, fieldNode(iface, fieldName));
      merged.set(type, own);
      have.add(fieldName);
    }
  }
}

const blocks = [];
for (const [name, entry] of [...merged.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  const existing = base.getType(name);
  const baseFields = existing && 'getFields' in existing ? existing.getFields() : {};
  const fields = [...entry.fields.values()].filter((f) => {
    const known = baseFields[f.name.value];
    if (known && String(known.type) !== print(f.type))
      console.warn(`${name}.${f.name.value}: ${print(f.type)} in the module, ${known.type} in the reference (kept)`);
    return !known;
  });
  const baseValues = existing && 'getValues' in existing ? new Set(existing.getValues().map((v) => v.name)) : new Set();
  const values = [...entry.values.values()].filter((v) => !baseValues.has(v.name.value));
  const baseInterfaces = existing ? interfacesOf(name) : new Set();
  const interfaces = [...entry.interfaces].filter(
    (i) =>
      !existing ||
      !(isObjectType(existing) || isInterfaceType(existing)) ||
      !existing.getInterfaces().some((x) => x.name === i),
  );
  void baseInterfaces;
  const body = entry.kind === 'enum' ? values.map((v) => `  ${print(v)}`) : fields.map((f) => `  ${print(f)}`);
  if (existing && body.length === 0 && interfaces.length === 0) continue;
  const implementsClause = interfaces.length ? ` implements ${interfaces.join(' & ')}` : '';
  const head = `${existing ? 'extend ' : ''}${entry.kind} ${name}${implementsClause}`;
  blocks.push(body.length ? `${head} {\n${body.join('\n')}\n}` : head);
}

const header = [
  '# The PWA Studio metapackage (magento/magento2-pwa) schemas, reduced to names and types (no descriptions),',
  '# as additions to magento-2.4.7-oss.names.graphql. Made by scripts/reduce-magento-pwa-schema.mjs; do not edit by hand.',
  '',
].join('\n');
const output = `${header}${blocks.join('\n\n')}\n`;
buildSchema(`${readFileSync(basePath, 'utf8')}\n${output}`); // both together must make one valid schema
writeFileSync(target, output);
console.log(`wrote ${path.relative(process.cwd(), target)} from ${files.length} files in ${sourceDir}`);
