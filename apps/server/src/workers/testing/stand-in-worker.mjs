import { getPriority } from 'node:os';

// Stand-in worker for the CPU pool's tests (ADR 022): instead of sizing, reading or rendering, each task follows
// an order it carries (a schedule's bytes as JSON, a sizing's transit row, a document's input): allocate until the
// worker's memory limit stops it, wait, keep the thread busy or tell its nice value; then answer a result of the
// task's shape.
/** Far above the tests' worker limits (32 MB), far below a machine's memory. */
const ALLOCATION_CEILING_MB = 512;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function orderOf(task) {
  if (task.kind === 'readSchedule') return JSON.parse(new TextDecoder().decode(task.bytes));
  if (task.kind === 'sizeTransit') return task.args[0];
  return task.input;
}

export default async function standIn(task) {
  const order = orderOf(task);
  if (order.allocate) {
    const kept = [];
    // Each array of numbers holds about 1 MB of the worker's heap; the limit ends the loop by ending the worker.
    // Without a limit the loop stops at the ceiling and fails the task, instead of taking the machine's memory.
    for (let mb = 0; mb < ALLOCATION_CEILING_MB; mb++) kept.push(new Array(128 * 1024).fill(order.allocate));
    throw new Error(`allocated ${ALLOCATION_CEILING_MB} MB without reaching the worker's memory limit`);
  }
  if (order.waitMs) await sleep(order.waitMs);
  if (order.busyMs) {
    const until = Date.now() + order.busyMs;
    while (Date.now() < until);
  }
  // The thread's own nice value (on Linux getpriority of the calling thread): the lane's priority.
  const label = order.reportNice ? String(getPriority()) : (order.label ?? 'done');
  if (task.kind === 'readSchedule')
    return {
      ok: true,
      table: { sheets: [{ name: 'Sheet1', rows: [[label]], rowNumbers: [1], headingRow: 0 }], sheet: 0 },
    };
  if (task.kind === 'sizeTransit') return { label };
  return { file: { body: new TextEncoder().encode(label), fileName: `${label}.txt` }, summary: {} };
}
