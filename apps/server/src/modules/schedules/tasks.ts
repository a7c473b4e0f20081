/** The schedules module's task face (ADR 025): reading a schedule file, which the worker pool runs. */
export { readScheduleFile } from './schedule-file';
export type { ReadWorkbook } from './schedule-file';
