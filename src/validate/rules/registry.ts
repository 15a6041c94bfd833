/**
 * Every rule area the engine runs. Areas own disjoint clause ranges; the order here is the
 * order their checks are run in (it does not affect results).
 */
import type { RuleArea } from '../model/checks.js';
import { annotationsArea } from './annotations.js';
import { documentLevelArea } from './document-level.js';
import { embeddedFilesArea } from './embedded-files.js';
import { fileStructureArea } from './file-structure.js';
import { formsActionsArea } from './forms-actions.js';
import { optionalContentArea } from './optional-content.js';
import { graphicsArea } from './graphics.js';
import { fontsArea } from './fonts.js';
import { xmpArea } from './metadata/area.js';
import { structureArea } from './structure/area.js';

/** The areas of the core (file structure, annotations, forms, actions, files, optional content). */
export const CORE_AREAS: readonly RuleArea[] = [
  fileStructureArea,
  annotationsArea,
  formsActionsArea,
  embeddedFilesArea,
  optionalContentArea,
  documentLevelArea,
];

export const RULE_AREAS: readonly RuleArea[] = [
  ...CORE_AREAS,
  graphicsArea,
  fontsArea,
  xmpArea,
  structureArea,
];
