/** The rule engine: runs rule areas per flavour and builds the ValidationResponse. */
export { buildResponse, compareClauses, rulesFor, runProfile, type ProfileRun } from './run.js';
export { CollectingSink, MAX_LOCATIONS_PER_RULE, ruleKey, type RuleOutcome } from './sink.js';
export { flavourForClaim, flavourInfo, profileName, specification } from './profiles.js';
export { documentXmp, xmpFacts, type XmpFacts } from './xmp.js';
