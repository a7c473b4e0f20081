// Worker-thread entry of the CPU pool. The server's code is TypeScript run through tsx, whose loader does not
// reach worker threads (under `tsx`, Vitest or the Playwright server alike): it is registered here, in this
// thread, before the tasks are loaded.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./cpu-tasks.ts');

export default tasks.runCpuTask;
