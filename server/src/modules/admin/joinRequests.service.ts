import {
  type AcceptJoinRequestBody,
  type AddUserResult,
  type JoinRequest,
  type JoinRequestBody,
  REGISTRATIONS_PER_HOUR,
  validateBlank,
  validateEmail,
} from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { AccountMailer } from '../auth/accountMail.ts';
import { tagRow, throttle } from '../nfc/onboarding.service.ts';
import { accountOrganization } from '../organizations/organizations.service.ts';
import { type Admin, administered, requireAdministered } from './admin.access.ts';
import { addUser } from './admin.service.ts';
import {
  decideJoinRequest,
  findWaitingJoinRequest,
  insertJoinRequest,
  type JoinRequestRow,
  reopenJoinRequest,
  waitingJoinRequests,
} from './joinRequests.repository.ts';

/**
 * POST /api/v1/nfc/user/{uuid}/joinRequest: asks the organization of an account URL to take the
 * person in. Anyone holding a tag's link may ask, as often as registrations are allowed; asking
 * again while a request waits changes nothing.
 */
export async function requestToJoin(db: Db, address: string, uuid: string, body: JoinRequestBody) {
  await tagRow(db, uuid);
  await throttle(db, address, 'join', REGISTRATIONS_PER_HOUR);
  if (validateBlank(body.name, 'name')) throw new HttpError(400, 'name should not be blank');
  const email = body.email.trim();
  if (validateEmail(email, 'email')) throw new HttpError(400, 'Enter valid email');
  const organization = await accountOrganization(db, body.accountUrl);
  if (!organization) throw new HttpError(404, 'No organisation has this account URL');
  await insertJoinRequest(db, {
    organizationId: organization.id,
    name: body.name.trim(),
    email,
    phone: body.phone?.trim() || undefined,
    message: body.message?.trim() || undefined,
    address,
  });
  return { organization: organization.name };
}

const toJoinRequest = (r: JoinRequestRow): JoinRequest => ({
  id: r.id,
  organizationId: r.organization_id,
  organization: r.organization_name,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  created: r.created_at.toISOString(),
});

/** The requests waiting in the organizations the caller administers; none for anyone else. */
export async function joinRequestsFor(db: Db, admin: Admin): Promise<JoinRequest[]> {
  const orgs = await administered(db, admin);
  if (orgs.length === 0) return [];
  return (
    await waitingJoinRequests(
      db,
      orgs.map((o) => o.id),
    )
  ).map(toJoinRequest);
}

const answered = () => new HttpError(409, 'The request was already answered');

/**
 * A waiting request of an organization the caller administers: 403 for one who administers
 * nothing, 404 for a request elsewhere, as if there were none.
 */
async function waitingRequest(db: Db, admin: Admin, id: number) {
  const orgs = await requireAdministered(db, admin);
  const request = await findWaitingJoinRequest(db, id);
  if (!request || !orgs.some((o) => o.id === request.organization_id))
    throw new HttpError(404, 'Join request not found');
  return request;
}

/**
 * Accepts: the person is added with the role chosen and invited, exactly as Add user does. The
 * decision is taken first, so two SuperUsers accepting at once add the person once; a refused
 * addition (a username taken) leaves the request waiting.
 */
export async function acceptJoinRequest(
  db: Db,
  admin: Admin,
  id: number,
  body: AcceptJoinRequestBody,
  invite: { mailer: AccountMailer; origin: string; log: FastifyBaseLogger },
): Promise<AddUserResult> {
  const request = await waitingRequest(db, admin, id);
  if (!(await decideJoinRequest(db, id, admin.userId, 'accepted'))) throw answered();
  const person = { name: request.name, email: request.email, organizationId: request.organization_id };
  return addUser(db, admin, { ...person, ...body }, invite).catch(async (e: unknown) => {
    await reopenJoinRequest(db, id);
    throw e;
  });
}

export async function declineJoinRequest(db: Db, admin: Admin, id: number) {
  await waitingRequest(db, admin, id);
  if (!(await decideJoinRequest(db, id, admin.userId, 'declined'))) throw answered();
  return { success: true };
}
