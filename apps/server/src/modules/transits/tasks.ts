/**
 * The transits module's task face (ADR 025): the pure code the worker pool and other modules' pure code (the
 * document model) may use. Nothing here reaches a database or a service.
 */
export { computeResults, itemInputsOf, storedLayout, transitInputOf } from './transit-sizing';
