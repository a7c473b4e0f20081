import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver fetched with its first validation, which is the first submit (react-hook-form validates on
 * submit, then on change). A public page's form then renders without zod, and the schema that checks it is still
 * the one zod schema of the form (ADR 033).
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      // A failed fetch (offline) is tried again at the next submit.
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
