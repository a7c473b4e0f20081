/**
 * The site module's task face (ADR 025): the label sheet's pure code, which the worker pool runs. Nothing here
 * reaches a database or a service.
 */
export { renderLabelSheet, LABEL_LAYOUTS, type LabelSheet, type TransitLabel } from './label-sheet';
