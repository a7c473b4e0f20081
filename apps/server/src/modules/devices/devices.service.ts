import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_MESSAGES, MAX_USER_DEVICES, type UserDevice } from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../../shared/auth-user';
import type { DeviceRow, DevicesRepository } from './devices.repository';
import { parseUserAgent } from './user-agent';

export interface DevicesServiceDeps {
  repo: DevicesRepository;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** A device as the profile lists it. */
export function presentDevice(
  d: Pick<DeviceRow, 'id' | 'deviceKey' | 'name' | 'userAgent' | 'createdOn' | 'lastSeenOn'> & {
    isCurrent: boolean;
  },
): UserDevice {
  const { browser, os } = parseUserAgent(d.userAgent);
  return {
    id: d.id,
    deviceId: d.deviceKey,
    name: d.name,
    browser,
    os,
    firstSeenOn: d.createdOn.toISOString(),
    lastSeenOn: d.lastSeenOn.toISOString(),
    isCurrent: d.isCurrent,
  };
}

/**
 * Spec §3 profile devices and §7 setDevice. Every token used through setDevice is bound to its device row, so
 * signing a device out revokes its tokens in the database: every app server refuses them on the next request.
 */
export function createDevicesService({ repo, now, log }: DevicesServiceDeps) {
  async function list(userId: string, tokenId: string | null): Promise<UserDevice[]> {
    return (await repo.listOf(userId, tokenId)).map(presentDevice);
  }

  return {
    list,

    /** setDevice {deviceInfo}: the caller's device, seen now, bound to the caller's token; oldest beyond the cap signed out. */
    async record(
      caller: AuthUser,
      deviceInfo: { deviceId: string; name?: string } & Record<string, unknown>,
      userAgent: string | undefined,
    ): Promise<UserDevice[]> {
      const { deviceId, name, ...info } = deviceInfo;
      const at = now();
      await repo.record({
        userId: caller.id,
        deviceKey: deviceId,
        name: name ?? '',
        // Stored as sent (capped like any header); read into browser and system when shown.
        userAgent: (userAgent ?? '').slice(0, 500),
        info,
        seenAt: at,
        tokenId: caller.tokenId,
      });
      const extra = await repo.beyondNewest(caller.id, MAX_USER_DEVICES);
      if (extra.length > 0) {
        await repo.signOut(caller.id, extra, at);
        log.info({ userId: caller.id, devices: extra.length }, 'oldest devices signed out (cap)');
      }
      return list(caller.id, caller.tokenId);
    },

    /** Signs one of the caller's own devices out (another user's device id answers "not found"). */
    async signOut(caller: AuthUser, deviceId: string): Promise<UserDevice[]> {
      const removed = await repo.signOut(caller.id, [deviceId], now());
      if (removed === 0) throw new AppError('NOT_FOUND', DEVICE_MESSAGES.notFound);
      log.info({ userId: caller.id, deviceId }, 'device signed out');
      return list(caller.id, caller.tokenId);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
