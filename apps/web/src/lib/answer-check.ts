import { apiCalls, type ApiCall, type ApiCallName } from '@sealplan/contracts';

/**
 * The answer check of the API client (ADR 024): what is wrong with an answer by its call's schema, or null when
 * the schema accepts it (or the call declares none). A module of its own, loaded only where the check is on,
 * because the table's schemas are most of the contracts' weight (ADR 033).
 */
export function answerProblem(name: ApiCallName, data: unknown): string | null {
  const call: ApiCall = apiCalls[name];
  if (!call.data) return null;
  const result = call.data.safeParse(data);
  if (result.success) return null;
  const where = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
  return `The answer to ${name} does not match its contract (${where}).`;
}
