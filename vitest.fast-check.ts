// Property tests (fast-check) draw new random values on every run, which is how they keep finding hostile inputs
// nobody wrote down. FAST_CHECK_SEED fixes the draw: CI sets it, so that a run is repeatable and a commit is judged
// on the same values however often it runs; local runs keep exploring, and a failure prints its seed to replay.
import fc from 'fast-check';

const seed = Number(process.env.FAST_CHECK_SEED);
if (process.env.FAST_CHECK_SEED && Number.isSafeInteger(seed))
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
