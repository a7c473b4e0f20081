import { sql, type SQL } from 'drizzle-orm';
import { deviceTokens, industries, organizations, userDevices, users } from '@sealplan/db';
import { isoTimestamp } from '../../lib/sql-json';
import type { SessionCaller } from '../../shared/sessions';
import type { UserRecord } from './users.repository';

/** The user's fields a profile shows. */
export type ProfileUser = Pick<
  UserRecord,
  | 'id'
  | 'organizationId'
  | 'email'
  | 'userName'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'industryId'
  | 'phoneNumber'
  | 'avatarUrl'
  | 'isPending'
  | 'isApproved'
  | 'isDenied'
  | 'isSuspended'
  | 'requiresPasswordReset'
  | 'languagePreference'
  | 'defaultMeasurementSystem'
  | 'attributes'
  | 'dateRegistered'
>;

/** The caller's own profile as the session's statement writes it (timestamps as ISO text). */
export interface OwnProfileJson {
  user: Omit<ProfileUser, 'dateRegistered'> & { dateRegistered: string };
  organizationName: string | null;
  industryName: string | null;
  /** Newest first; `isCurrent` when the request's token is bound to the device. */
  devices: {
    id: string;
    deviceKey: string;
    name: string;
    userAgent: string;
    createdOn: string;
    lastSeenOn: string;
    isCurrent: boolean;
  }[];
}

/**
 * The caller's own profile (current-user, getUser) as one JSON value read in the session's statement
 * (withSessionValue, ADR 019): the profile's fields of the caller's `users` row (not the password hash), the names
 * of its organization and industry, and its devices. One value rather than a column per field: the driver builds
 * a parser per column of every result.
 */
export function ownProfileJson(caller: SessionCaller): SQL<OwnProfileJson> {
  return sql<OwnProfileJson>`json_build_object(
    'user', json_build_object(
      'id', ${users.id},
      'organizationId', ${users.organizationId},
      'email', ${users.email},
      'userName', ${users.userName},
      'firstName', ${users.firstName},
      'lastName', ${users.lastName},
      'company', ${users.company},
      'industryId', ${users.industryId},
      'phoneNumber', ${users.phoneNumber},
      'avatarUrl', ${users.avatarUrl},
      'isPending', ${users.isPending},
      'isApproved', ${users.isApproved},
      'isDenied', ${users.isDenied},
      'isSuspended', ${users.isSuspended},
      'requiresPasswordReset', ${users.requiresPasswordReset},
      'languagePreference', ${users.languagePreference},
      'defaultMeasurementSystem', ${users.defaultMeasurementSystem},
      'attributes', ${users.attributes},
      'dateRegistered', ${isoTimestamp(users.dateRegistered)}
    ),
    'organizationName', (select ${organizations.name} from ${organizations}
      where ${organizations.id} = ${caller.organizationId}),
    'industryName', (select ${industries.name} from ${industries} where ${industries.id} = ${users.industryId}),
    'devices', coalesce((
      select json_agg(json_build_object(
        'id', ${userDevices.id},
        'deviceKey', ${userDevices.deviceKey},
        'name', ${userDevices.name},
        'userAgent', ${userDevices.userAgent},
        'createdOn', ${isoTimestamp(userDevices.createdOn)},
        'lastSeenOn', ${isoTimestamp(userDevices.lastSeenOn)},
        'isCurrent', exists (select 1 from ${deviceTokens}
          where ${deviceTokens.deviceId} = ${userDevices.id} and ${deviceTokens.tokenId} = ${caller.tokenId})
      ) order by ${userDevices.lastSeenOn} desc, ${userDevices.id} desc)
      from ${userDevices} where ${userDevices.userId} = ${caller.userId}
    ), '[]'::json)
  )`;
}
