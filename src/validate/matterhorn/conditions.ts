/**
 * The Matterhorn Protocol's failure conditions for PDF/UA-1 and which veraPDF rule finds each:
 * data, with its source. Source: Matterhorn Protocol 1.1, PDF Association (2021), 31
 * checkpoints and their failure conditions, each decided by a machine or by a person. The
 * condition numbers and how each is decided are the protocol's; the texts are ours.
 */

/** How a condition is decided: by software, by a person, or not tested on its own. */
export type MatterhornHow = 'machine' | 'human' | 'none';

export interface MatterhornCondition {
  /** Checkpoint and condition number, e.g. '28-012'. */
  readonly id: string;
  readonly checkpoint: string;
  readonly how: MatterhornHow;
  /** What fails, in our words. */
  readonly text: string;
}

type Row = readonly [number: string, how: MatterhornHow, text: string];

const CHECKPOINTS: readonly (readonly [checkpoint: string, name: string, rows: readonly Row[]])[] =
  [
    [
      '01',
      'Real content tagged',
      [
        ['001', 'human', 'Something decorative is tagged as content.'],
        ['002', 'human', 'Content that carries meaning is marked as an artifact.'],
        ['003', 'machine', 'Artifact-marked content sits inside tagged content.'],
        ['004', 'machine', 'Tagged content sits inside artifact-marked content.'],
        ['005', 'machine', 'Content is neither tagged nor marked as an artifact.'],
        ['006', 'human', "A structure element's type or attributes do not fit what it holds."],
        ['007', 'machine', 'The document says its tagging is suspect (Suspects true).'],
      ],
    ],
    [
      '02',
      'Role mapping',
      [
        ['001', 'machine', 'A custom structure type does not map, in the end, to a standard type.'],
        [
          '002',
          'human',
          'A custom structure type maps to a standard type that does not fit its meaning.',
        ],
        ['003', 'machine', 'The role map maps types in a circle.'],
        ['004', 'machine', 'A standard structure type is remapped.'],
      ],
    ],
    [
      '03',
      'Flickering',
      [
        ['001', 'human', 'An action makes content flicker.'],
        ['002', 'human', 'A multimedia object flickers.'],
        ['003', 'human', 'A script makes content flicker.'],
      ],
    ],
    [
      '04',
      'Color and contrast',
      [
        [
          '001',
          'human',
          'Meaning is carried only by colour, contrast, format or layout and is not in the tags.',
        ],
      ],
    ],
    [
      '05',
      'Sound',
      [
        ['001', 'human', "A media annotation's sound has no other form."],
        ['002', 'human', "A sound annotation's content has no other form."],
        ['003', 'human', 'A script beeps with no other notice.'],
      ],
    ],
    [
      '06',
      'Metadata',
      [
        ['001', 'machine', 'The document has no XMP metadata stream.'],
        ['002', 'machine', 'The metadata does not identify the file as PDF/UA.'],
        ['003', 'machine', 'The metadata has no dc:title.'],
        ['004', 'human', 'The title does not say clearly what the document is.'],
      ],
    ],
    [
      '07',
      'Dictionary',
      [
        ['001', 'machine', 'The viewer preferences have no DisplayDocTitle entry.'],
        ['002', 'machine', 'DisplayDocTitle is false.'],
      ],
    ],
    [
      '08',
      'OCR validation',
      [
        ['001', 'human', 'Text from OCR has significant errors.'],
        ['002', 'human', 'Text from OCR is not tagged.'],
      ],
    ],
    [
      '09',
      'Appropriate tags',
      [
        ['001', 'human', 'The tags are not in a logical reading order.'],
        ['002', 'human', 'Structure elements are nested in a way that does not make sense.'],
        ['003', 'human', 'A structure type (after role mapping) does not fit its content.'],
        ['004', 'machine', 'A table element breaks the nesting rules for tables.'],
        ['005', 'machine', 'A list element breaks the nesting rules for lists.'],
        ['006', 'machine', 'A table-of-contents element breaks the nesting rules for TOCs.'],
        ['007', 'machine', 'A Ruby element breaks the nesting rules for Ruby.'],
        ['008', 'machine', 'A Warichu element breaks the nesting rules for Warichu.'],
      ],
    ],
    ['10', 'Character mappings', [['001', 'machine', 'A character code has no Unicode value.']]],
    [
      '11',
      'Declared natural language',
      [
        ['001', 'machine', 'The language of page text cannot be told.'],
        ['002', 'machine', 'The language of Alt, ActualText or E text cannot be told.'],
        ['003', 'machine', 'The language of bookmark (outline) text cannot be told.'],
        ['004', 'machine', "The language of an annotation's Contents cannot be told."],
        ['005', 'machine', "The language of a form field's TU cannot be told."],
        ['006', 'machine', 'The language of the document metadata cannot be told.'],
        ['007', 'human', 'A declared language is not the language of the text.'],
      ],
    ],
    [
      '12',
      'Stretchable characters',
      [['001', 'human', 'Stretched characters are not represented accessibly.']],
    ],
    [
      '13',
      'Graphics',
      [
        ['001', 'human', 'A graphic that is not an artifact is not tagged Figure.'],
        ['002', 'human', 'A link over a meaningful image does not describe both.'],
        ['003', 'human', 'A caption is not tagged Caption.'],
        ['004', 'machine', 'A Figure has no alternative or replacement text.'],
        ['005', 'human', 'A Figure uses ActualText where alternative text fits better.'],
        ['006', 'human', 'A graphic that only means something as part of a group is tagged alone.'],
        ['007', 'human', 'A more accessible form of the content was available and not used.'],
        ['008', 'human', 'A Figure meant to be read as text has no ActualText.'],
      ],
    ],
    [
      '14',
      'Headings',
      [
        ['001', 'human', 'Headings are not tagged as headings.'],
        ['002', 'machine', 'Numbered headings are used but the first is not H1.'],
        ['003', 'machine', 'Numbered heading levels skip a level going down.'],
        [
          '004',
          'human',
          'Numbered heading tags do not use Arabic numerals (nor map to ones that do).',
        ],
        ['005', 'human', 'A seventh or deeper heading level does not use H7 or deeper.'],
        ['006', 'machine', 'A structure element has more than one H child.'],
        ['007', 'machine', 'The document uses both H and numbered heading tags.'],
      ],
    ],
    [
      '15',
      'Tables',
      [
        ['001', 'human', 'A row header cell is not tagged as a header.'],
        ['002', 'human', 'A column header cell is not tagged as a header.'],
        ['003', 'machine', 'A TH has no Scope in a table without Headers and IDs.'],
        ['004', 'human', 'Content that is not rows and columns is tagged as a table.'],
        ['005', 'human', "A cell's header cannot be told without doubt."],
      ],
    ],
    [
      '16',
      'Lists',
      [
        ['001', 'human', 'An ordered list has no ListNumbering.'],
        ['002', 'human', "An ordered list's ListNumbering is not a numbering style."],
        ['003', 'human', 'A list is not tagged as a list.'],
      ],
    ],
    [
      '17',
      'Mathematical expressions',
      [
        ['001', 'human', 'A formula is not tagged Formula.'],
        ['002', 'machine', 'A Formula has no Alt.'],
        ['003', 'machine', "A formula's characters do not map to Unicode."],
      ],
    ],
    [
      '18',
      'Page headers and footers',
      [
        ['001', 'human', 'Running headers and footers are not pagination artifacts.'],
        ['002', 'human', 'Header or footer artifacts do not say Header or Footer.'],
      ],
    ],
    [
      '19',
      'Notes and references',
      [
        ['001', 'human', 'Footnotes or endnotes are not tagged Note.'],
        ['002', 'human', 'References are not tagged Reference.'],
        ['003', 'machine', 'A Note has no ID.'],
        ['004', 'machine', "A Note's ID is not unique."],
      ],
    ],
    [
      '20',
      'Optional content',
      [
        [
          '001',
          'machine',
          'An optional content configuration in Configs has no Name, or an empty one.',
        ],
        [
          '002',
          'machine',
          'The default optional content configuration has no Name, or an empty one.',
        ],
        ['003', 'machine', 'An optional content configuration has an AS entry.'],
      ],
    ],
    [
      '21',
      'Embedded files',
      [['001', 'machine', "An embedded file's specification lacks F or UF."]],
    ],
    [
      '22',
      'Article threads',
      [['001', 'human', 'Article threads do not follow the reading order.']],
    ],
    [
      '23',
      'Digital signatures',
      [['001', 'none', 'No test of its own: signature fields are checked as form fields.']],
    ],
    [
      '24',
      'Non-interactive forms',
      [['001', 'human', 'A non-interactive form is not tagged with PrintField attributes.']],
    ],
    ['25', 'XFA', [['001', 'machine', 'The XFA form is dynamic (dynamicRender is required).']]],
    [
      '26',
      'Security',
      [
        ['001', 'machine', 'The file is encrypted and its encryption dictionary has no P entry.'],
        [
          '002',
          'machine',
          'The file is encrypted and P does not allow extraction for accessibility (bit 10).',
        ],
      ],
    ],
    [
      '27',
      'Navigation',
      [['001', 'none', 'No test of its own: navigation aids follow the other checkpoints.']],
    ],
    [
      '28',
      'Annotations',
      [
        ['001', 'human', 'An annotation is not where it belongs in the reading order.'],
        [
          '002',
          'machine',
          'An annotation (other than Widget, Link, PrinterMark) is not directly inside an Annot element.',
        ],
        [
          '003',
          'human',
          'An annotation used for visual formatting is not tagged for what it does.',
        ],
        [
          '004',
          'machine',
          'An annotation (other than Widget) has neither Contents nor an Alt on its element.',
        ],
        ['005', 'machine', 'A form field has neither TU nor an Alt on its element.'],
        [
          '006',
          'machine',
          'An annotation of a subtype ISO 32000 does not define does not meet 7.18.1.',
        ],
        ['007', 'machine', 'A TrapNet annotation is present.'],
        ['008', 'machine', 'A page with annotations has no Tabs entry.'],
        ['009', 'machine', 'A page with annotations has Tabs other than S.'],
        ['010', 'machine', 'A Widget annotation is not inside a Form element.'],
        ['011', 'machine', 'A Link annotation is not inside a Link element.'],
        ['012', 'machine', 'A Link annotation has no description in Contents.'],
        ['013', 'human', 'An image map (IsMap) offers its function in no other way.'],
        ['014', 'machine', 'A media clip has no CT (content type).'],
        ['015', 'machine', 'A media clip has no Alt.'],
        ['016', 'machine', 'A file attachment does not meet 7.11.'],
        ['017', 'machine', 'A PrinterMark annotation is in the logical structure.'],
        ['018', 'machine', "A PrinterMark annotation's appearance is not an artifact."],
      ],
    ],
    ['29', 'Actions', [['001', 'human', 'A script needs specific timing for keystrokes.']]],
    [
      '30',
      'XObjects',
      [
        ['001', 'machine', 'A reference XObject is present.'],
        ['002', 'machine', 'A form XObject with MCIDs is drawn more than once.'],
      ],
    ],
    [
      '31',
      'Fonts',
      [
        ['001', 'machine', "A Type 0 font's CIDFont and CMap name different Registry values."],
        ['002', 'machine', "A Type 0 font's CIDFont and CMap name different Ordering values."],
        ['003', 'machine', "A Type 0 font's CIDFont Supplement is lower than its CMap's."],
        ['004', 'machine', "A CIDFontType2's CIDToGIDMap is neither a stream nor Identity."],
        ['005', 'machine', 'A CIDFontType2 has no CIDToGIDMap.'],
        ['006', 'machine', 'A CMap is neither predefined nor embedded.'],
        ['007', 'machine', "An embedded CMap's WMode differs between dictionary and stream."],
        ['008', 'machine', 'A CMap uses a CMap that is not predefined.'],
        ['009', 'machine', 'A font used for visible text is not embedded.'],
        [
          '010',
          'human',
          'An embedded font program may not legally be embedded for unrestricted rendering.',
        ],
        ['011', 'machine', 'An embedded font lacks a glyph the text uses.'],
        ['012', 'machine', "A Type 1 font's CharSet misses a glyph of the program."],
        ['013', 'machine', "A Type 1 font's CharSet names a glyph the program lacks."],
        ['014', 'machine', "A CID font's CIDSet misses a glyph of the program."],
        ['015', 'machine', "A CID font's CIDSet names a glyph the program lacks."],
        [
          '016',
          'machine',
          "A glyph's width in the font dictionary and in the program differ by more than 1/1000 em.",
        ],
        ['017', 'machine', 'A non-symbolic TrueType program has no non-symbolic cmap subtable.'],
        [
          '018',
          'machine',
          'A glyph of a non-symbolic TrueType font cannot be found through a non-symbolic cmap subtable.',
        ],
        ['019', 'machine', 'A non-symbolic TrueType font has no Encoding.'],
        [
          '020',
          'machine',
          "A non-symbolic TrueType font's Encoding dictionary has no BaseEncoding.",
        ],
        [
          '021',
          'machine',
          "A non-symbolic TrueType font's encoding is neither MacRoman nor WinAnsi.",
        ],
        [
          '022',
          'machine',
          "A non-symbolic TrueType font's Differences use names outside the Adobe Glyph List.",
        ],
        [
          '023',
          'machine',
          'A non-symbolic TrueType font has Differences but no (3,1) cmap subtable.',
        ],
        ['024', 'machine', 'A symbolic TrueType font has an Encoding entry.'],
        ['025', 'machine', 'A symbolic TrueType program has no cmap.'],
        [
          '026',
          'machine',
          'A symbolic TrueType program has several cmap subtables and none is (3,0).',
        ],
        ['027', 'machine', 'A font gives no way to map its codes to Unicode.'],
        ['028', 'machine', 'A ToUnicode value is 0.'],
        ['029', 'machine', 'A ToUnicode value is U+FEFF or U+FFFE.'],
        ['030', 'machine', 'Text uses the .notdef glyph.'],
      ],
    ],
  ];

export const MATTERHORN_CONDITIONS: readonly MatterhornCondition[] = CHECKPOINTS.flatMap(
  ([cp, name, rows]) =>
    rows.map(([n, how, text]) => ({ id: `${cp}-${n}`, checkpoint: name, how, text })),
);

const BY_ID = new Map(MATTERHORN_CONDITIONS.map((c) => [c.id, c]));

export function matterhornCondition(id: string): MatterhornCondition | undefined {
  return BY_ID.get(id);
}

/**
 * The failure conditions each PDF/UA-1 rule (veraPDF clause-test) finds. Rules that check what
 * the protocol has no condition for (the file header, MarkInfo, the structure tree root, the
 * structure element's parent link) have none.
 */
export const RULE_CONDITIONS: Readonly<Record<string, readonly string[]>> = {
  '5-1': ['06-002'],
  '5-2': ['06-002'],
  '5-3': ['06-002'],
  '5-4': ['06-002'],
  '5-5': ['06-002'],
  '7.1-1': ['01-003'],
  '7.1-2': ['01-004'],
  '7.1-3': ['01-005'],
  '7.1-4': ['01-007'],
  '7.1-5': ['02-001'],
  '7.1-6': ['02-003'],
  '7.1-7': ['02-004'],
  '7.1-8': ['06-001'],
  '7.1-9': ['06-003'],
  '7.1-10': ['07-001', '07-002'],
  '7.2-2': ['11-003'],
  '7.2-3': ['09-004'],
  '7.2-4': ['09-004'],
  '7.2-5': ['09-004'],
  '7.2-6': ['09-004'],
  '7.2-7': ['09-004'],
  '7.2-8': ['09-004'],
  '7.2-9': ['09-004'],
  '7.2-10': ['09-004'],
  '7.2-11': ['09-004'],
  '7.2-12': ['09-004'],
  '7.2-13': ['09-004'],
  '7.2-14': ['09-004'],
  '7.2-15': ['09-004'],
  '7.2-16': ['09-004'],
  '7.2-36': ['09-004'],
  '7.2-37': ['09-004'],
  '7.2-38': ['09-004'],
  '7.2-39': ['09-004'],
  '7.2-41': ['09-004'],
  '7.2-42': ['09-004'],
  '7.2-43': ['09-004'],
  '7.2-17': ['09-005'],
  '7.2-18': ['09-005'],
  '7.2-19': ['09-005'],
  '7.2-20': ['09-005'],
  '7.2-40': ['09-005'],
  '7.2-26': ['09-006'],
  '7.2-27': ['09-006'],
  '7.2-28': ['09-006'],
  '7.2-21': ['11-002'],
  '7.2-22': ['11-002'],
  '7.2-23': ['11-002'],
  '7.2-24': ['11-004'],
  '7.2-25': ['11-005'],
  '7.2-29': ['11-001'],
  '7.2-30': ['11-002'],
  '7.2-31': ['11-002'],
  '7.2-32': ['11-002'],
  '7.2-33': ['11-006'],
  '7.2-34': ['11-001'],
  '7.3-1': ['13-004'],
  '7.4.2-1': ['14-002', '14-003'],
  '7.4.4-1': ['14-006'],
  '7.4.4-2': ['14-007'],
  '7.4.4-3': ['14-007'],
  '7.5-1': ['15-003'],
  '7.5-2': ['15-003'],
  '7.7-1': ['17-002'],
  '7.9-1': ['19-003'],
  '7.9-2': ['19-004'],
  '7.10-1': ['20-001', '20-002'],
  '7.10-2': ['20-003'],
  '7.11-1': ['21-001', '28-016'],
  '7.15-1': ['25-001'],
  '7.16-1': ['26-001', '26-002'],
  '7.18.1-1': ['28-002'],
  '7.18.1-2': ['28-004'],
  '7.18.1-3': ['28-005'],
  '7.18.2-1': ['28-007'],
  '7.18.3-1': ['28-008', '28-009'],
  '7.18.4-1': ['28-010'],
  '7.18.4-2': ['28-010'],
  '7.18.5-1': ['28-011'],
  '7.18.5-2': ['28-012'],
  '7.18.6.2-1': ['28-014'],
  '7.18.6.2-2': ['28-015'],
  '7.18.8-1': ['28-017'],
  '7.20-1': ['30-001'],
  '7.20-2': ['30-002'],
  '7.21.3.1-1': ['31-001', '31-002', '31-003'],
  '7.21.3.2-1': ['31-004', '31-005'],
  '7.21.3.3-1': ['31-006'],
  '7.21.3.3-2': ['31-007'],
  '7.21.3.3-3': ['31-008'],
  '7.21.4.1-1': ['31-009'],
  '7.21.4.1-2': ['31-011', '31-018'],
  '7.21.4.2-1': ['31-012', '31-013'],
  '7.21.4.2-2': ['31-014', '31-015'],
  '7.21.5-1': ['31-016'],
  '7.21.6-1': ['31-017'],
  '7.21.6-2': ['31-019', '31-020', '31-021', '31-022'],
  '7.21.6-3': ['31-024'],
  '7.21.6-4': ['31-025', '31-026'],
  '7.21.7-1': ['10-001', '31-027'],
  '7.21.7-2': ['31-028', '31-029'],
  '7.21.8-1': ['31-030'],
};

/** The conditions a failure of one rule (clause and test number) names; empty when none. */
export function conditionsForRule(clause: string, testNumber: number): readonly string[] {
  return RULE_CONDITIONS[`${clause}-${testNumber}`] ?? [];
}
