/**
 * Rule specifications of the metadata area (PDF/A 6.6.2.x, 6.6.4; PDF/UA 5, 7.1 metadata,
 * 7.2 metadata language). Identifiers are veraPDF's; messages are ours.
 */
import { PDFA_ALL, PDFUA } from '../../model/checks.js';
import type { RuleSpec } from '../../model/checks.js';

function pdfa(clause: string, testNumber: number, object: string, message: string): RuleSpec {
  return { clause, testNumber, object, category: 'Metadata', message, flavours: PDFA_ALL };
}

function ua(
  clause: string,
  testNumber: number,
  object: string,
  message: string,
  category: RuleSpec['category'] = 'Metadata',
): RuleSpec {
  return { clause, testNumber, object, category, message, flavours: PDFUA };
}

export const R = {
  metadataPresent: pdfa(
    '6.6.2.1',
    1,
    'PDDocument',
    'The document catalog has no Metadata entry holding an XMP metadata stream.',
  ),
  noBytesAttr: pdfa(
    '6.6.2.1',
    2,
    'XMPPackage',
    'The xpacket header of the metadata uses the bytes attribute.',
  ),
  noEncodingAttr: pdfa(
    '6.6.2.1',
    3,
    'XMPPackage',
    'The xpacket header of the metadata uses the encoding attribute.',
  ),
  serialization: pdfa(
    '6.6.2.1',
    4,
    'XMPPackage',
    'The metadata stream is not well-formed XML or not valid XMP (RDF) serialization.',
  ),
  utf8: pdfa('6.6.2.1', 5, 'XMPPackage', 'The metadata stream is not encoded as UTF-8.'),
  propertyKnown: pdfa(
    '6.6.2.3.1',
    1,
    'XMPProperty',
    'The metadata property belongs to no predefined XMP schema and no extension schema describes it.',
  ),
  propertyType: pdfa(
    '6.6.2.3.1',
    2,
    'XMPProperty',
    'The metadata property does not have the value type its schema defines.',
  ),
  undefinedFields: pdfa(
    '6.6.2.3.2',
    1,
    'ExtensionSchemaObject',
    'An extension schema is not described as the PDF/A extension schema container schema requires: its description has fields the container schema does not define, or properties of a custom namespace are used with no schema for that namespace in the container.',
  ),
  containerBag: pdfa(
    '6.6.2.3.3',
    1,
    'ExtensionSchemasContainer',
    'pdfaExtension:schemas must be a Bag written with the prefix pdfaExtension.',
  ),
  schemaSchema: pdfa(
    '6.6.2.3.3',
    2,
    'ExtensionSchemaDefinition',
    'The extension schema lacks pdfaSchema:schema as Text with the prefix pdfaSchema.',
  ),
  schemaNamespace: pdfa(
    '6.6.2.3.3',
    3,
    'ExtensionSchemaDefinition',
    'The extension schema lacks pdfaSchema:namespaceURI as a URI with the prefix pdfaSchema.',
  ),
  schemaPrefix: pdfa(
    '6.6.2.3.3',
    4,
    'ExtensionSchemaDefinition',
    'The extension schema lacks pdfaSchema:prefix as Text with the prefix pdfaSchema.',
  ),
  schemaProperty: pdfa(
    '6.6.2.3.3',
    5,
    'ExtensionSchemaDefinition',
    'pdfaSchema:property of the extension schema must be a Seq written with the prefix pdfaSchema.',
  ),
  schemaValueType: pdfa(
    '6.6.2.3.3',
    6,
    'ExtensionSchemaDefinition',
    'pdfaSchema:valueType of the extension schema must be a Seq written with the prefix pdfaSchema.',
  ),
  propertyName: pdfa(
    '6.6.2.3.3',
    7,
    'ExtensionSchemaProperty',
    'The extension property description lacks pdfaProperty:name as Text with the prefix pdfaProperty.',
  ),
  propertyValueType: pdfa(
    '6.6.2.3.3',
    8,
    'ExtensionSchemaProperty',
    'The extension property description lacks pdfaProperty:valueType as Text naming a known or defined value type, with the prefix pdfaProperty.',
  ),
  propertyCategory: pdfa(
    '6.6.2.3.3',
    9,
    'ExtensionSchemaProperty',
    'The extension property description lacks pdfaProperty:category with the value internal or external and the prefix pdfaProperty.',
  ),
  propertyDescription: pdfa(
    '6.6.2.3.3',
    10,
    'ExtensionSchemaProperty',
    'The extension property description lacks pdfaProperty:description as Text with the prefix pdfaProperty.',
  ),
  typeType: pdfa(
    '6.6.2.3.3',
    11,
    'ExtensionSchemaValueType',
    'The extension value type lacks pdfaType:type as Text with the prefix pdfaType.',
  ),
  typeNamespace: pdfa(
    '6.6.2.3.3',
    12,
    'ExtensionSchemaValueType',
    'The extension value type lacks pdfaType:namespaceURI as a URI with the prefix pdfaType.',
  ),
  typePrefix: pdfa(
    '6.6.2.3.3',
    13,
    'ExtensionSchemaValueType',
    'The extension value type lacks pdfaType:prefix as Text with the prefix pdfaType.',
  ),
  typeDescription: pdfa(
    '6.6.2.3.3',
    14,
    'ExtensionSchemaValueType',
    'The extension value type lacks pdfaType:description as Text with the prefix pdfaType.',
  ),
  typeField: pdfa(
    '6.6.2.3.3',
    15,
    'ExtensionSchemaValueType',
    'pdfaType:field of the extension value type must be a Seq written with the prefix pdfaType.',
  ),
  fieldName: pdfa(
    '6.6.2.3.3',
    16,
    'ExtensionSchemaField',
    'The extension value type field lacks pdfaField:name as Text with the prefix pdfaField.',
  ),
  fieldValueType: pdfa(
    '6.6.2.3.3',
    17,
    'ExtensionSchemaField',
    'The extension value type field lacks pdfaField:valueType as Text naming a known or defined value type, with the prefix pdfaField.',
  ),
  fieldDescription: pdfa(
    '6.6.2.3.3',
    18,
    'ExtensionSchemaField',
    'The extension value type field lacks pdfaField:description as Text with the prefix pdfaField.',
  ),
  pdfaIdPresent: pdfa(
    '6.6.4',
    1,
    'MainXMPPackage',
    'The document metadata does not identify the PDF/A part and conformance level (pdfaid schema).',
  ),
  pdfaIdPart: pdfa(
    '6.6.4',
    2,
    'PDFAIdentification',
    'pdfaid:part does not name the PDF/A part being validated.',
  ),
  pdfaIdConformance: pdfa(
    '6.6.4',
    3,
    'PDFAIdentification',
    'pdfaid:conformance does not name a conformance level that satisfies the level being validated.',
  ),
  pdfaIdPartPrefix: pdfa(
    '6.6.4',
    4,
    'PDFAIdentification',
    'pdfaid:part is written with a prefix other than pdfaid.',
  ),
  pdfaIdConformancePrefix: pdfa(
    '6.6.4',
    5,
    'PDFAIdentification',
    'pdfaid:conformance is written with a prefix other than pdfaid.',
  ),
  pdfaIdAmdPrefix: pdfa(
    '6.6.4',
    6,
    'PDFAIdentification',
    'pdfaid:amd is written with a prefix other than pdfaid.',
  ),
  pdfaIdCorrPrefix: pdfa(
    '6.6.4',
    7,
    'PDFAIdentification',
    'pdfaid:corr is written with a prefix other than pdfaid.',
  ),
  uaIdPresent: ua(
    '5',
    1,
    'MainXMPPackage',
    'The document metadata does not identify the PDF/UA part (pdfuaid schema).',
  ),
  uaIdPart: ua('5', 2, 'PDFUAIdentification', 'pdfuaid:part is not 1.'),
  uaIdPartPrefix: ua(
    '5',
    3,
    'PDFUAIdentification',
    'pdfuaid:part is written with a prefix other than pdfuaid.',
  ),
  uaIdAmdPrefix: ua(
    '5',
    4,
    'PDFUAIdentification',
    'pdfuaid:amd is written with a prefix other than pdfuaid.',
  ),
  uaIdCorrPrefix: ua(
    '5',
    5,
    'PDFUAIdentification',
    'pdfuaid:corr is written with a prefix other than pdfuaid.',
  ),
  uaMetadataPresent: ua(
    '7.1',
    8,
    'PDDocument',
    'The document catalog has no Metadata entry holding an XMP metadata stream.',
  ),
  uaTitle: ua('7.1', 9, 'MainXMPPackage', 'The document metadata has no dc:title.'),
  uaLangAlt: ua(
    '7.2',
    33,
    'XMPLangAlt',
    'A metadata text has only a default-language (x-default) entry and the catalog has no Lang to say which language that is.',
    'Natural language',
  ),
} as const satisfies Record<string, RuleSpec>;

export const XMP_RULES: readonly RuleSpec[] = Object.values(R);
