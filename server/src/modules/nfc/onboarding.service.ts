import { randomBytes } from 'node:crypto';
import {
  ACTIVATION_CODE_MINUTES,
  type CreateAccountBody,
  DAY_MS,
  type OnboardingConfig,
  type OnboardingConfigBody,
  REGISTRATIONS_PER_HOUR,
  strictestPolicy,
  type TagOnboardingView,
  type TagPublic,
  type TagState,
  TERMS_VERSION,
  TRIAL_DAYS,
  unitTypeName,
  validateBlank,
  validateEmail,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import type { DeviceLink } from '../../gateway/link.ts';
import { HttpError } from '../../http.ts';
import { hashToken, type SessionRow } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import {
  hasAccess,
  insertTrialOrganization,
  reachedOrganizations,
  rootOrganizationId,
  subtreeOf,
} from '../organizations/organizations.service.ts';
import { startOperation } from '../telemetry/control.service.ts';
import { findUserByUsername, findUsersByEmail, insertUser, setUserRole } from '../users/users.service.ts';
import {
  claimUnit,
  consumeActivationCode,
  countAttempts,
  findTagWithUnit,
  insertActivationCode,
  markTagActivated,
  recordAttempt,
  setTermsAccepted,
  type TagUnitRow,
} from './onboarding.repository.ts';

/**
 * NFC onboarding (/api/v1/nfc). A tag grants nothing by itself: it names a
 * unit. Only a unit waiting in a stock organization can be placed, only by a SuperUser of the
 * organization it goes to, only with a one-time activation code from the tag view, and only where
 * the tag's restriction allows (an organization and what lies below it; 0 disables the tag).
 */
export async function tagRow(db: Queryable, uuid: string) {
  const row = await findTagWithUnit(db, uuid);
  if (!row) throw new HttpError(404, 'Tag not found');
  return row;
}

function stateOf(row: TagUnitRow, visible: readonly number[]): TagState {
  if (row.restriction === 0 || row.unit_id === null) return 'disabled';
  if (row.in_stock) return 'available';
  return row.organization_id !== null && visible.includes(row.organization_id) ? 'yours' : 'owned';
}

export async function tagPublic(db: Queryable, uuid: string, session: SessionRow | null): Promise<TagPublic> {
  const row = await tagRow(db, uuid);
  const visible = session ? (await reachedOrganizations(db, session)).map((o) => o.id) : [];
  return { tag_uuid: row.tag_uuid, state: stateOf(row, visible), unitType: unitTypeName(row.unit_type ?? 0) };
}

/** Where the user may place the tag's unit: organizations they are SuperUser of, within the restriction. */
async function placeable(db: Queryable, session: SessionRow, row: TagUnitRow) {
  const reached = await reachedOrganizations(db, session);
  const orgs = reached.filter((o) => hasAccess(reached, o.id, 'manage', 'organization'));
  const allowed = row.restriction > 0 ? subtreeOf(orgs, row.restriction) : orgs.map((o) => o.id);
  return orgs.filter((o) => allowed.includes(o.id)).map((o) => ({ id: o.id, name: o.name }));
}

export async function tagView(db: Queryable, session: SessionRow, uuid: string): Promise<TagOnboardingView> {
  const row = await tagRow(db, uuid);
  const visible = await reachedOrganizations(db, session);
  const state = stateOf(
    row,
    visible.map((o) => o.id),
  );
  const organizations = state === 'available' || state === 'yours' ? await placeable(db, session, row) : [];
  const canActivate =
    (state === 'available' && organizations.length > 0) ||
    (state === 'yours' && organizations.some((o) => o.id === row.organization_id));
  let activationCode: string | null = null;
  if (canActivate) {
    activationCode = randomBytes(32).toString('base64url');
    await insertActivationCode(db, {
      codeHash: hashToken(activationCode),
      tagUuid: row.tag_uuid,
      userId: session.user_id,
      expiresAt: new Date(Date.now() + ACTIVATION_CODE_MINUTES * 60_000),
    });
  }
  const shown = state === 'available' || state === 'yours';
  return {
    tag_uuid: row.tag_uuid,
    state,
    unit: {
      id: state === 'yours' ? row.unit_id : null,
      organizationId: state === 'yours' ? row.organization_id : null,
      name: shown ? (row.unit_name ?? '') : '',
      type: unitTypeName(row.unit_type ?? 0),
      serial: shown ? (row.serial ?? '') : '',
      position: shown && row.gps_lat !== null && row.gps_long !== null ? [row.gps_lat, row.gps_long] : null,
      location: shown ? (row.unit_location ?? '') : '',
    },
    organizations,
    activationCode,
  };
}

/**
 * POST /tag/{uuid}/config: places a stock unit in the organization and activates it: its
 * configuration is sent, then the communications test runs. A unit already placed by the user's
 * organization takes the same call again as a retry of the activation.
 */
export async function activate(
  db: Db,
  link: DeviceLink,
  session: SessionRow,
  uuid: string,
  body: OnboardingConfigBody,
): Promise<OnboardingConfig> {
  const row = await tagRow(db, uuid);
  const state = stateOf(
    row,
    (await reachedOrganizations(db, session)).map((o) => o.id),
  );
  if (state === 'disabled') throw new HttpError(403, 'This tag is disabled');
  if (state === 'owned') throw new HttpError(409, 'This unit belongs to another organisation');
  const orgs = await placeable(db, session, row);
  const target = state === 'yours' ? row.organization_id : body.organizationId;
  if (!orgs.some((o) => o.id === target) || target !== body.organizationId)
    throw new HttpError(403, 'You may not place units in this organisation');
  if (!(await consumeActivationCode(db, hashToken(body.activationCode), row.tag_uuid, session.user_id)))
    throw new HttpError(410, 'Link expired');
  const unitId = row.unit_id as number;
  const config = {
    unitId,
    organizationId: body.organizationId,
    position: body.position,
    location: body.location.trim(),
  };
  await db.transaction(async (tx) => {
    if (state === 'available') {
      const claimed = await claimUnit(tx, { ...config, name: body.name?.trim() });
      if (!claimed) throw new HttpError(409, 'This unit belongs to another organisation');
    }
    await markTagActivated(tx, row.tag_uuid, session.user_id, config);
  });
  const caller = { db, link, session };
  const operations = [];
  for (const operation of ['send_settings', 'comm_test'] as const) {
    const op = await startOperation(caller, unitId, operation);
    operations.push({ operation, seq: op.seq });
  }
  return { ...config, activatedAt: new Date().toISOString(), operations };
}

/** GET /tag/{uuid}/config: where an activated tag's unit went, for whoever sees that unit. */
export async function tagConfig(db: Queryable, session: SessionRow, uuid: string): Promise<OnboardingConfig> {
  const row = await tagRow(db, uuid);
  const visible = (await reachedOrganizations(db, session)).map((o) => o.id);
  if (stateOf(row, visible) !== 'yours' || !row.config || !row.activated_at) throw new HttpError(404, 'Not activated');
  return {
    ...(row.config as Omit<OnboardingConfig, 'activatedAt' | 'operations'>),
    activatedAt: row.activated_at.toISOString(),
    operations: [],
  };
}

/** At most REGISTRATIONS_PER_HOUR of a kind per address; every attempt counts, answered or refused. */
export async function throttle(db: Queryable, address: string, kind: 'register' | 'exists' | 'join', perHour: number) {
  if ((await countAttempts(db, address, kind, 60)) >= perHour)
    throw new HttpError(429, 'Too many attempts from this address. Try again later.');
  await recordAttempt(db, address, kind);
}

/** GET /user/{uuid}/{email}: whether an account has the address (rate-limited; a real tag is needed). */
export async function userExists(db: Queryable, address: string, uuid: string, email: string) {
  await tagRow(db, uuid);
  await throttle(db, address, 'exists', REGISTRATIONS_PER_HOUR * 6);
  return { exists: (await findUsersByEmail(db, email.trim())).length > 0 };
}

/**
 * POST /user/{uuid}/createAccount: a user and their trial organization together (4 weeks, below the
 * root so the platform's administrators oversee and convert it). Creating the account accepts the
 * current terms, recorded with the time, whether or not the body names them.
 */
export async function createAccount(db: Db, address: string, uuid: string, body: CreateAccountBody) {
  const row = await tagRow(db, uuid);
  if (row.restriction === 0) throw new HttpError(403, 'This tag is disabled');
  await throttle(db, address, 'register', REGISTRATIONS_PER_HOUR);
  const { user, organization } = body;
  if (validateBlank(user.name, 'name')) throw new HttpError(400, 'name should not be blank');
  if (validateBlank(organization.name, 'organization')) throw new HttpError(400, 'organization should not be blank');
  if (validateEmail(user.email, 'email')) throw new HttpError(400, 'Enter valid email');
  const min = strictestPolicy([]).passwordMinLength;
  if (user.password.length < min) throw new HttpError(400, `The password must be at least ${min} characters`);
  if ((await findUsersByEmail(db, user.email.trim())).length > 0) throw new HttpError(409, 'NFC email already exists');
  if (await findUserByUsername(db, user.username)) throw new HttpError(409, 'This username is taken');
  const root = await rootOrganizationId(db);
  if (root === undefined) throw new HttpError(503, 'No organisation tree to join');
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * DAY_MS);
  const passwordHash = await hashPassword(user.password);
  const organizationId = await db.transaction(async (tx) => {
    const orgId = await insertTrialOrganization(tx, organization.name.trim(), root, trialEndsAt);
    const userId = await insertUser(tx, {
      username: user.username,
      passwordHash,
      email: user.email.trim(),
      fullname: user.name.trim(),
      phone: user.phone?.trim(),
    });
    await setUserRole(tx, userId, orgId, 0);
    await setTermsAccepted(tx, userId, TERMS_VERSION);
    return orgId;
  });
  return { organizationId, trialEndsAt: trialEndsAt.toISOString() };
}
