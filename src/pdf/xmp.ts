// A small XMP serializer (ISO 16684-1, the RDF/XML form): schemas of simple, language-
// alternative, ordered and unordered array and structured (resource) values, written as one
// `rdf:Description` per schema inside an `xpacket`. Deterministic: the output depends only on
// the values and their order.

/** A property value. */
export type XmpValue =
  /** A simple text value. */
  | string
  /** A language alternative with one `x-default` item (§8.2.2.4 of ISO 16684-1). */
  | { readonly alt: string }
  /** An ordered (Seq) or unordered (Bag) array. */
  | { readonly seq: readonly XmpValue[] }
  | { readonly bag: readonly XmpValue[] }
  /** A structure: its fields, written with `rdf:parseType="Resource"`. */
  | { readonly struct: readonly XmpProperty[] };

/** A property by its qualified name (`dc:title`); its prefix is bound by the schema that holds it. */
export interface XmpProperty {
  readonly name: string;
  readonly value: XmpValue;
}

/** The properties of one namespace; `namespaces` binds the prefixes its values use (struct fields). */
export interface XmpSchema {
  readonly prefix: string;
  readonly uri: string;
  readonly properties: readonly XmpProperty[];
  readonly namespaces?: Readonly<Record<string, string>>;
}

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

/**
 * The XMP packet of `schemas` (schemas without properties are left out). The packet header's
 * `begin` attribute is the byte order mark, so the packet is read as UTF-8 (XMP Part 1 §7.3).
 */
export function serializeXmp(schemas: readonly XmpSchema[]): string {
  const lines = ['<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>', '<x:xmpmeta xmlns:x="adobe:ns:meta/">', ` <rdf:RDF xmlns:rdf="${RDF}">`];
  for (const schema of schemas) {
    if (schema.properties.length === 0) continue;
    const bindings = [[schema.prefix, schema.uri], ...Object.entries(schema.namespaces ?? {})].map(([p, u]) => ` xmlns:${p}="${escapeXml(u!)}"`).join('');
    lines.push(`  <rdf:Description rdf:about=""${bindings}>`);
    for (const property of schema.properties) lines.push(property_(property, '   '));
    lines.push('  </rdf:Description>');
  }
  lines.push(' </rdf:RDF>', '</x:xmpmeta>', '<?xpacket end="w"?>');
  return lines.join('\n');
}

function property_(property: XmpProperty, indent: string): string {
  const { name, value } = property;
  if (typeof value === 'string') return `${indent}<${name}>${escapeXml(value)}</${name}>`;
  if ('struct' in value) {
    const fields = value.struct.map((f) => property_(f, `${indent} `)).join('\n');
    return `${indent}<${name} rdf:parseType="Resource">\n${fields}\n${indent}</${name}>`;
  }
  return `${indent}<${name}>\n${container(value, `${indent} `)}\n${indent}</${name}>`;
}

/** An `rdf:Alt`, `rdf:Seq` or `rdf:Bag` with its items. */
function container(value: Exclude<XmpValue, string | { struct: unknown }>, indent: string): string {
  if ('alt' in value) return `${indent}<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value.alt)}</rdf:li></rdf:Alt>`;
  const [kind, items] = 'seq' in value ? ['Seq', value.seq] : ['Bag', value.bag];
  const lis = items.map((item) => item_(item, `${indent} `)).join('\n');
  return `${indent}<rdf:${kind}>\n${lis}\n${indent}</rdf:${kind}>`;
}

function item_(item: XmpValue, indent: string): string {
  if (typeof item === 'string') return `${indent}<rdf:li>${escapeXml(item)}</rdf:li>`;
  if ('struct' in item) {
    const fields = item.struct.map((f) => property_(f, `${indent} `)).join('\n');
    return `${indent}<rdf:li rdf:parseType="Resource">\n${fields}\n${indent}</rdf:li>`;
  }
  return `${indent}<rdf:li>\n${container(item, `${indent} `)}\n${indent}</rdf:li>`;
}

/**
 * Text as XML character data or an attribute value: the five markup characters escaped, and
 * characters XML 1.0 cannot carry at all (C0 controls but tab, CR, LF; lone surrogates;
 * U+FFFE/U+FFFF) dropped — a title with a stray control character must not make the packet
 * ill-formed.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}
