// Worker-thread entry of the CPU pool. The server's code is TypeScript run through tsx, whose loader does not
// reach worker threads (under `tsx`, Vitest or the Playwright server alike): it is registered here, in this
// thread, before the tasks are loaded.
//
// No top-level await: piscina loads its entry with require() first, which Node 20 refuses for a module that awaits
// at its top (ERR_REQUIRE_ASYNC_MODULE) and then falls back to import(). Two tasks reaching a new thread together
// could then require the module while the import was still evaluating it, which ends the process with a V8 fatal
// error ("IsGraphAsync must be used on an instantiated module"). Without it, require() loads this file at once.
import { register } from 'tsx/esm/api';

register();
const tasks = import('./cpu-tasks.ts');
// Each task awaits the same promise: a failed load fails every task with its error, not the thread.
tasks.catch(() => {});

export default async function runCpuTask(task) {
  return (await tasks).runCpuTask(task);
}
