import { z } from 'zod';

/** Spec §3 profile `devices`: where the user is signed in (ADR 011: at most MAX_USER_DEVICES per user). */
export const userDeviceSchema = z.object({
  id: z.string(),
  /** The client's own id for the device (setDevice deviceInfo.deviceId). */
  deviceId: z.string(),
  /** The name the client gave ('' when none: show browser and system instead). */
  name: z.string(),
  /** Read from the user agent: 'Chrome 131', 'Firefox 133'… ('' when unknown). */
  browser: z.string(),
  /** 'Windows', 'macOS', 'Android'… ('' when unknown). */
  os: z.string(),
  firstSeenOn: z.string(),
  lastSeenOn: z.string(),
  /** The device this request came from. */
  isCurrent: z.boolean(),
});
export type UserDevice = z.infer<typeof userDeviceSchema>;

export const DEVICE_MESSAGES = {
  signedOut: 'Device signed out.',
  notFound: 'This device was not found.',
} as const;

/** POST /api/user/signOutDevice: revokes every token of the device, on every app server at once. */
export const signOutDeviceRequestSchema = z.object({ id: z.uuid(DEVICE_MESSAGES.notFound) });
export const signOutDeviceResponseSchema = z.object({
  signedOut: z.literal(true),
  devices: z.array(userDeviceSchema),
});
export type SignOutDeviceResponse = z.infer<typeof signOutDeviceResponseSchema>;
