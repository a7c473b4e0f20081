// Worker-thread entry of the CPU pool in the built server (apps/server/build.mjs bundles it into
// dist/cpu-worker.mjs, beside the pool's code). Run from source, the pool loads cpu-worker.mjs, which registers
// tsx in the thread first.
export { runCpuTask as default } from './cpu-tasks';
