/**
 * The Template (version 2) as a JSON Schema 2020-12 document. It validates requests (through
 * ajv) and is published in the OpenAPI document, so clients and the service read one source.
 */
import { RELATIONSHIP_PATTERN } from '../document/index.js';

import { barcodeSchemaDefs } from './barcode/schema.js';
import { SYMBOLOGIES } from './barcode/symbologies.js';

const cssLength = '^(auto|(\\d+(\\.\\d+)?|\\.\\d+)(mm|cm|in|px|pt|pc|em|rem|%|vw|vh|ch))$';

export const templateSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:a11ypdf:schema:template:2',
  title: 'Template',
  description: 'A version 2 document template: page setup, fonts, attachments and rows of blocks.',
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: {
    version: { const: 2, description: 'Template format version; only 2 is accepted.' },
    config: { $ref: '#/$defs/TemplateConfig' },
    fonts: {
      type: 'object',
      description: 'External fonts keyed by family name.',
      propertyNames: { minLength: 1, maxLength: 100 },
      additionalProperties: { $ref: '#/$defs/FontFace' },
    },
    attachments: { type: 'array', maxItems: 100, items: { $ref: '#/$defs/FileAttachment' } },
    rows: { type: 'array', items: { $ref: '#/$defs/Row' } },
  },
  $defs: {
    ...barcodeSchemaDefs,
    TemplateConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        title: {
          type: 'string',
          description:
            'Document title (dc:title). Default: the first heading, else the first text block, else "Untitled document" (with a warning).',
        },
        page: { $ref: '#/$defs/PageConfig' },
        typography: { $ref: '#/$defs/TypographyConfig' },
        embedColorProfile: {
          type: 'boolean',
          description: 'false: PDF/UA-1 only, without the PDF/A output intent.',
        },
      },
    },
    PageConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        size: {
          oneOf: [
            {
              title: 'PresetPageSize',
              type: 'object',
              additionalProperties: false,
              properties: {
                format: {
                  enum: ['A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid'],
                  default: 'A4',
                },
                orientation: { enum: ['portrait', 'landscape'] },
              },
            },
            {
              title: 'CustomPageSize',
              type: 'object',
              required: ['width', 'height'],
              additionalProperties: false,
              properties: {
                width: {
                  type: 'number',
                  exclusiveMinimum: 0,
                  maximum: 5000,
                  description: 'Millimetres',
                },
                height: {
                  type: 'number',
                  exclusiveMinimum: 0,
                  maximum: 5000,
                  description: 'Millimetres',
                },
              },
            },
          ],
        },
        locale: {
          type: 'string',
          pattern: '^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*(\\.[A-Za-z0-9-]+)?(@[A-Za-z0-9]+)?$',
          description: 'BCP 47 (de-DE) or POSIX (de_DE, de_DE.UTF-8).',
        },
        margins: { $ref: '#/$defs/MarginConfig' },
        pageNumbers: {
          type: 'object',
          additionalProperties: false,
          properties: {
            enabled: { type: 'boolean' },
            position: { enum: ['left', 'center', 'right'], default: 'right' },
            format: {
              enum: ['short', 'long'],
              default: 'short',
              description: 'short: "2 / 5"; long: "Page 2 of 5" in the language of page.locale',
            },
          },
        },
        background: {
          type: 'object',
          required: ['src'],
          additionalProperties: false,
          properties: {
            src: { type: 'string', minLength: 1 },
            type: { enum: ['auto', 'image', 'pdf'] },
          },
        },
        header: {
          type: 'object',
          additionalProperties: false,
          properties: {
            repeat: { type: 'boolean' },
            skipFirstPage: { type: 'boolean' },
            rows: { type: 'array', items: { $ref: '#/$defs/Row' } },
          },
        },
        footer: {
          type: 'object',
          additionalProperties: false,
          properties: {
            repeat: { type: 'boolean' },
            rows: { type: 'array', items: { $ref: '#/$defs/Row' } },
          },
        },
      },
    },
    TypographyConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        family: { type: ['string', 'null'] },
        size: { type: ['number', 'null'], minimum: 1, maximum: 1000, description: 'Points' },
        weight: {
          anyOf: [
            { enum: ['300', '400', '500', '600', '700', 300, 400, 500, 600, 700] },
            { type: 'null' },
          ],
        },
        align: { anyOf: [{ enum: ['left', 'center', 'right'] }, { type: 'null' }] },
        color: { type: ['string', 'null'], description: 'CSS colour (#111827, rgb(), a name)' },
      },
    },
    MarginConfig: {
      type: 'object',
      description:
        'Page margins in millimetres; null or absent: 20 top, 20 right, 28 bottom, 25 left.',
      additionalProperties: false,
      properties: {
        top: { type: ['number', 'null'], minimum: 0, maximum: 1000 },
        right: { type: ['number', 'null'], minimum: 0, maximum: 1000 },
        bottom: { type: ['number', 'null'], minimum: 0, maximum: 1000 },
        left: { type: ['number', 'null'], minimum: 0, maximum: 1000 },
      },
    },
    SpacingConfig: {
      type: 'object',
      description: 'Margins around a block in millimetres (negative values pull it closer).',
      additionalProperties: false,
      properties: {
        top: { type: ['number', 'null'], minimum: -1000, maximum: 1000 },
        right: { type: ['number', 'null'], minimum: -1000, maximum: 1000 },
        bottom: { type: ['number', 'null'], minimum: -1000, maximum: 1000 },
        left: { type: ['number', 'null'], minimum: -1000, maximum: 1000 },
      },
    },
    FontFace: {
      type: 'object',
      required: ['src'],
      additionalProperties: false,
      properties: {
        src: {
          type: 'string',
          minLength: 1,
          description: 'http(s) URL or data: URI of a TTF, OTF, WOFF or WOFF2 font.',
        },
        weight: {
          type: 'string',
          pattern: '^\\s*(300|400|500|600|700)(\\s+(300|400|500|600|700))*\\s*$',
        },
        style: { enum: ['normal', 'italic', 'oblique'] },
      },
    },
    FileAttachment: {
      type: 'object',
      required: ['name', 'content'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        content: { type: 'string', description: 'Base64-encoded content' },
        mimeType: { type: ['string', 'null'] },
        description: { type: ['string', 'null'] },
        relationship: {
          type: ['string', 'null'],
          pattern: RELATIONSHIP_PATTERN,
          description:
            'PDF/A-3 AFRelationship, any case: Source, Data, Alternative, Supplement or Unspecified (default)',
        },
      },
    },
    BlockConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        typography: { $ref: '#/$defs/TypographyConfig' },
        spacing: { $ref: '#/$defs/SpacingConfig' },
        width: { anyOf: [{ type: 'string', pattern: cssLength }, { type: 'null' }] },
        align: { anyOf: [{ enum: ['left', 'center', 'right'] }, { type: 'null' }] },
      },
    },
    Row: {
      type: 'object',
      required: ['blocks'],
      additionalProperties: false,
      properties: { blocks: { type: 'array', items: { $ref: '#/$defs/Block' } } },
    },
    Block: {
      type: 'object',
      required: ['type'],
      properties: {
        type: {
          enum: [
            'text',
            'heading',
            'table',
            'key-value',
            'image',
            'list',
            'divider',
            'spacer',
            'pageBreak',
            'barcode',
            'html',
          ],
        },
      },
      allOf: [
        { if: { properties: { type: { const: 'text' } } }, then: { $ref: '#/$defs/TextBlock' } },
        {
          if: { properties: { type: { const: 'heading' } } },
          then: { $ref: '#/$defs/HeadingBlock' },
        },
        { if: { properties: { type: { const: 'table' } } }, then: { $ref: '#/$defs/TableBlock' } },
        {
          if: { properties: { type: { const: 'key-value' } } },
          then: { $ref: '#/$defs/KeyValueBlock' },
        },
        { if: { properties: { type: { const: 'image' } } }, then: { $ref: '#/$defs/ImageBlock' } },
        { if: { properties: { type: { const: 'list' } } }, then: { $ref: '#/$defs/ListBlock' } },
        {
          if: { properties: { type: { const: 'divider' } } },
          then: { $ref: '#/$defs/DividerBlock' },
        },
        {
          if: { properties: { type: { const: 'spacer' } } },
          then: { $ref: '#/$defs/SpacerBlock' },
        },
        {
          if: { properties: { type: { const: 'pageBreak' } } },
          then: { $ref: '#/$defs/PageBreakBlock' },
        },
        {
          if: { properties: { type: { const: 'barcode' } } },
          then: { $ref: '#/$defs/BarcodeBlock' },
        },
        { if: { properties: { type: { const: 'html' } } }, then: { $ref: '#/$defs/HtmlBlock' } },
      ],
    },
    TextBlock: {
      type: 'object',
      required: ['type', 'text'],
      additionalProperties: false,
      properties: {
        type: { const: 'text' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        text: { type: 'string' },
      },
    },
    HeadingBlock: {
      type: 'object',
      required: ['type', 'text'],
      additionalProperties: false,
      properties: {
        type: { const: 'heading' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        text: { type: 'string' },
        level: { type: 'integer', minimum: 1, maximum: 6, default: 2 },
      },
    },
    TableBlock: {
      type: 'object',
      required: ['type', 'columns'],
      additionalProperties: false,
      properties: {
        type: { const: 'table' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        columns: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['key', 'label'],
            additionalProperties: false,
            properties: {
              key: { type: 'string', minLength: 1 },
              label: { type: 'string' },
              align: { enum: ['left', 'center', 'right'] },
              width: { type: 'string', pattern: cssLength },
            },
          },
        },
        rows: {
          type: 'array',
          items: { type: 'object' },
          description: 'Row objects keyed by column key (usually given by data).',
        },
        style: { enum: ['striped', 'bordered', 'minimal'] },
        numberRows: { type: 'boolean' },
        caption: { type: 'string' },
      },
    },
    KeyValueBlock: {
      type: 'object',
      required: ['type', 'fields'],
      additionalProperties: false,
      properties: {
        type: { const: 'key-value' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['key', 'label'],
            additionalProperties: false,
            properties: { key: { type: 'string', minLength: 1 }, label: { type: 'string' } },
          },
        },
        values: {
          type: 'object',
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        labelWidth: { type: 'string', pattern: cssLength, default: '30mm' },
      },
    },
    ImageBlock: {
      type: 'object',
      required: ['type', 'src', 'alt'],
      additionalProperties: false,
      properties: {
        type: { const: 'image' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        src: {
          type: 'string',
          minLength: 1,
          description: 'http(s) URL, data: URI, or inline SVG markup ("<svg ...>...</svg>")',
        },
        alt: {
          type: 'string',
          description: 'Text alternative; an empty string marks the image as decorative.',
        },
        maxHeight: { type: 'string', pattern: cssLength },
      },
    },
    ListBlock: {
      type: 'object',
      required: ['type', 'items'],
      additionalProperties: false,
      properties: {
        type: { const: 'list' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        items: { type: 'array', items: { type: 'string' } },
        ordered: { type: 'boolean' },
      },
    },
    DividerBlock: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      properties: {
        type: { const: 'divider' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        thickness: { type: 'number', minimum: 0, maximum: 100, description: 'Points' },
        lineColor: { type: 'string' },
        style: { enum: ['solid', 'dashed', 'dotted', 'double', 'none'] },
      },
    },
    SpacerBlock: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      properties: {
        type: { const: 'spacer' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        height: {
          anyOf: [
            { type: 'number', minimum: 0, description: 'Millimetres' },
            { type: 'string', pattern: cssLength },
          ],
        },
      },
    },
    PageBreakBlock: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      properties: {
        type: { const: 'pageBreak' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
      },
    },
    BarcodeBlock: {
      type: 'object',
      required: ['type', 'symbology', 'content'],
      additionalProperties: false,
      properties: {
        type: { const: 'barcode' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        symbology: { enum: [...SYMBOLOGIES] },
        content: { $ref: '#/$defs/BarcodeContent' },
        height: {
          type: 'string',
          pattern: cssLength,
          description: 'CSS length; default 30mm (46mm for swiss-qr, 15mm for bars and PDF417)',
        },
        alt: {
          type: 'string',
          description: 'Default: the symbology and a description of the content',
        },
      },
    },
    HtmlBlock: {
      type: 'object',
      required: ['type', 'html'],
      additionalProperties: false,
      properties: {
        type: { const: 'html' },
        id: { type: ['string', 'null'] },
        config: { $ref: '#/$defs/BlockConfig' },
        html: { type: 'string' },
      },
    },
  },
} as const;
