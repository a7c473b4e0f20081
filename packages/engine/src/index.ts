// Public API of @sealplan/engine: pure sizing of cable and pipe transits (spec §3–§5, §8, §9).

export * from './types';
export {
  EPSILON,
  nearlyEqual,
  definitelyGreater,
  definitelyLess,
  lessOrNearlyEqual,
  greaterOrNearlyEqual,
  ceilTolerant,
  floorTolerant,
} from './tolerance';
export { roundTo, ceilTo } from './rounding';
export {
  transitAreaMm2,
  circleAreaMm2,
  effectiveCornerRadiusMm,
  maxCornerRadiusMm,
  cornerRadiusTooLarge,
  positiveOrNull,
} from './area';
export {
  DEFAULT_CLEARANCE_TABLE,
  NOFIRNO_FAMILY,
  requiredClearanceMm,
  isNofirnoFamily,
  clearanceApplies,
  PIPE_WALL_SPACING_MM,
  requiredWallSpacingMm,
} from './clearance';
export {
  MM_TO_IN,
  CM2_TO_IN2,
  MM2_PER_CM2,
  ML_PER_US_FL_OZ,
  DISPLAY_DECIMALS,
  VOLUME_DISPLAY_DECIMALS,
  SAVE_DECIMALS,
  LENGTH_UNIT_LABELS,
  AREA_UNIT_LABELS,
  VOLUME_UNIT_LABELS,
  lengthUnitLabel,
  areaUnitLabel,
  volumeUnitLabel,
  toDisplayLength,
  fromDisplayLength,
  toDisplayArea,
  fromDisplayArea,
  toDisplayVolume,
  fromDisplayVolume,
  formatDisplayVolume,
  formatDisplayNumber,
  formatLength,
  formatArea,
  formatVolume,
  formatPercent,
} from './units';
export { MESSAGE_DEFINITIONS, engineMessage } from './messages';
export type { EngineMessage, EngineMessageCode, MessageSeverity } from './messages';
export {
  FILLER_SLEEVES_PER_BUNDLE,
  FILLER_SLEEVE_LENGTH_DECIMALS,
  SEALANT_WASTE_FACTOR,
  MM3_TO_ML,
  WRAP_MIN_CABLE_DIAMETER_MM,
  WRAP_TURNS,
  WRAP_ROLL_LENGTH_MM,
  fillerSleeveLengthMm,
  fillerSleeveCount,
  bundleCount,
  sealantVolumeMl,
  cartridgeCount,
  needsWrap,
  wrapLengthMm,
  wrapRolls,
  matchCableSleeve,
  multiplyMaterials,
  totalMaterials,
} from './materials';
export type {
  Materials,
  MaterialTotals,
  FillerSleeveMaterial,
  SealantMaterial,
  CableSleeveMaterial,
  CrusherMaterial,
  WrapMaterial,
} from './materials';
export { materialList } from './material-list';
export type {
  MaterialListLine,
  MaterialListUnit,
  FillerSleeveLine,
  SealantLine,
  CableSleeveLine,
  CrusherLine,
  WrapLine,
} from './material-list';
export {
  RISE_ULTRA,
  TRANSIT_LABELS,
  allowedTransitTypes,
  allowedClasses,
  allowedSealants,
  minimumDepthMm,
  sealantLayerOptions,
  pipeConfigurationOptions,
  isDepthEditable,
  isRiseUltraSinglePipe,
  crusherOptions,
  singlePipeOptions,
  transitFieldState,
  applyTransitChange,
  normaliseTransit,
} from './transit-rules';
export type { AllowedClass, TransitChange, TransitChangeResult, TransitFieldState } from './transit-rules';
export {
  PACKING_SEED,
  packingIterationBudget,
  hintedPackingIterationBudget,
  VERDICT_TIME_BUDGET_MS,
  deterministicVerdict,
} from './verdict-budget';
export type { PackingSolution, PackingSolver } from './verdict-budget';
export {
  effectiveCopies,
  fillLimitPercent,
  fillPercentOf,
  negativeTransitLengths,
  sparePercentOutOfRange,
  SPARE_PERCENT_MIN,
  SPARE_PERCENT_MAX,
  transitOpening,
} from './transit-fill';
export type { SizedItem } from './transit-fill';
export { sizeTransit } from './size-transit';
export {
  NOT_BUILDABLE_TEXT,
  itemTooLarge,
  notBuildableReason,
  openingAtScale,
  projectTotals,
  TRANSIT_STATUS_TEXT,
  transitStatusOf,
  transitVerdictOf,
} from './project-totals';
export type {
  ItemTooLarge,
  NotBuildableReason,
  ProjectTotals,
  TransitStatus,
  TransitVerdict,
} from './project-totals';
export type { SizeTransitInput, TransitSizing, PackedCircle, TransitPacking } from './size-transit';
export * from './packing/pack-circles';
export * from './packing/spread';
export * from './packing/verdict';
export {
  LARGE_PACKING_MIN_CIRCLES,
  LARGE_PACKING_WORK_BUDGET,
  packLarge,
  type LargePackOptions,
} from './packing/large/pack-large';
export { drawingView, drawingOpening, legendNumbers } from './drawing/drawing-view';
export type {
  DrawingView,
  DrawingCircle,
  DrawingLegendRow,
  DrawingSleeve,
  DrawingOpening,
} from './drawing/drawing-view';
export {
  LABEL_DIGIT_EM,
  DRAWING_PAD_SHARE,
  labelWidthEm,
  labelFitsInside,
  spreadOnLoop,
  layoutDrawing,
} from './drawing/drawing-layout';
export type {
  LayoutCircle,
  DrawingLayoutOptions,
  DrawingLabel,
  DrawingLine,
  DrawingText,
  DrawingLayout,
} from './drawing/drawing-layout';
export {
  suggestOpenings,
  SUGGESTION_REFERENCE_BUDGET,
  SUGGESTION_VERDICT_BUDGET,
} from './opening-suggestion';
export type { OpeningSuggestion, OpeningSuggestions, StandardOpening } from './opening-suggestion';
