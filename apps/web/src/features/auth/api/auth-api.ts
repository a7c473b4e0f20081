import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PasswordChangedResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SaveUserRequest,
  UpdatePasswordRequest,
} from '@sealplan/contracts';
import { compactNames, type TranslatedNames } from '@sealplan/contracts';
import { callApi, callApiWithMessages } from '@/lib/api-client';
import { PASSWORD_RESET_PATH } from '@sealplan/contracts';

/** Spec §3 fixed industries, used when the industry list cannot be loaded. */
export const FALLBACK_INDUSTRIES = ['ON_SHORE', 'OFF_SHORE'] as const;

export interface IndustryOption {
  id: string;
  name: string | null;
  /** The name in the other interface languages (ADR 030). */
  names?: TranslatedNames;
}

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  company: string;
  industry: string;
  phoneNumber: string;
  email: string;
  password: string;
  /** A verified outside identity to link to the new account (external sign-in, outcome 'register'). */
  integration?: { provider: 'oidc' | 'oauth1'; ticket: string };
}

export interface ResetPasswordInput {
  newPassword: string;
  confirmNewPassword: string;
  confirmId: string;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

type Raw = Record<string, unknown>;

/** POST /api/industry/getActive (projects module); tolerant of a list or `{ industries }`. */
export async function fetchActiveIndustries(): Promise<IndustryOption[]> {
  const data: unknown = await callApi('industry.getActive');
  const list = (
    Array.isArray(data) ? data : ((data as Raw | null)?.industries ?? (data as Raw | null)?.r ?? [])
  ) as Raw[];
  return list
    .map((i) => ({
      id: String(i.id ?? i.code ?? ''),
      name:
        typeof (i.name ?? i.display ?? i.label) === 'string' ? String(i.name ?? i.display ?? i.label) : null,
      names: compactNames(i.names as Record<string, string> | undefined),
    }))
    .filter((i) => i.id !== '');
}

export function useActiveIndustries() {
  return useQuery({
    queryKey: ['auth', 'industries'],
    queryFn: fetchActiveIndustries,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Spec §7: register (public), in the spec's payload shape; UserName is the e-mail. */
export function registerUser(input: RegistrationInput) {
  const body: RegisterRequest = {
    FirstName: input.firstName,
    LastName: input.lastName,
    Company: input.company,
    Industry: input.industry,
    PhoneNumber: input.phoneNumber,
    UserName: input.email,
    Password: input.password,
    IsCustomer: true,
    ...(input.integration ? { Integration: input.integration } : {}),
  };
  return callApiWithMessages('user.register', { body });
}

/** Spec §7: GET /api/v1/account/resetpassword/{email}?redirectUrl=<origin>/user/update-password&isCustomer=true */
export function sendPasswordResetEmail(email: string) {
  return callApi('account.resetPassword', {
    params: { email },
    query: { redirectUrl: `${window.location.origin}${PASSWORD_RESET_PATH}`, isCustomer: true },
  });
}

/** Spec §7: POST /api/v1/account/updatepassword; answers the account's e-mail when the server tells it. */
export async function resetPasswordWithToken(input: ResetPasswordInput): Promise<{ email: string | null }> {
  const body: ResetPasswordRequest = input;
  const data: PasswordChangedResponse | null = await callApi('account.updatePassword', { body });
  return { email: data?.email || null };
}

/** Spec §7: POST /api/auth/update-password {oldPassword, newPassword} for the signed-in user. */
export function changeOwnPassword(oldPassword: string, newPassword: string) {
  const body: UpdatePasswordRequest = { oldPassword, newPassword };
  return callApi('auth.updatePassword', { body });
}

/** Spec §7: saveUser {user} — the signed-in user's own profile. */
export function saveOwnProfile(user: ProfileInput) {
  const body: SaveUserRequest = { user };
  return callApi('user.saveUser', { body });
}

export function useSaveProfile() {
  return useMutation({ mutationFn: saveOwnProfile });
}
