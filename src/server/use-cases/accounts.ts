import { AppError } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { sha256 } from '../hashing.js';
import { newLinkToken } from '../auth/link-tokens.js';
import {
  MAX_ADDRESSES,
  countAddresses,
  createCustomer,
  deleteAddress,
  findUserWithHash,
  saveAddress,
  updatePassword,
  type CleanAddress,
} from '../repositories/user-repository.js';
import { deleteExpiredLinks, replaceResetLink, replaceSignUp, takeSignUp, useResetLink } from '../repositories/account-link-repository.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { normalizeLanguage } from '../../shared/domain/languages.js';
import type { SessionUser } from '../../shared/schemas/auth.js';
import { inTransaction, type UseCaseContext } from './use-case.js';

const HOUR = 60 * 60 * 1000;
/** A reset link works once, for an hour (issue 16). */
const RESET_LINK_MS = HOUR;
/** A registration's link works once, for a day. */
const SIGN_UP_LINK_MS = 24 * HOUR;

const emailTaken = () => new AppError(409, 'email_taken', 'An account with this email exists. Sign in instead.', { email: 'email_taken' });

/** Who registers; the password is hashed by the caller, outside any transaction (argon2 takes tens of milliseconds). */
export interface Registration {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
}

/** A shop without e-mail could never deliver a link: the account is made at once, and a taken address is refused. */
export async function registerAtOnce(ctx: UseCaseContext, input: Registration): Promise<SessionUser> {
  return inTransaction(ctx, ({ trx }) =>
    createCustomer(trx, { ...input, language: ctx.language }).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }),
  );
}

/**
 * With e-mail (decision 023): a new address is sent a link that makes the account, a taken one a
 * note that someone tried (sign in or reset). Both write one message, so neither answer is quicker.
 */
export async function requestSignUp(ctx: UseCaseContext, input: Registration): Promise<void> {
  const { now, origin, language } = ctx;
  await inTransaction(ctx, async ({ trx, after }) => {
    await deleteExpiredLinks(trx, now);
    after.jobAdded();
    const owner = await findUserWithHash(trx, { email: input.email });
    if (owner) {
      await enqueueMessage(trx, { kind: 'sign_up_taken', to: owner.email, language: normalizeLanguage(owner.language), origin, name: owner.name }, now);
      return;
    }
    const token = newLinkToken();
    await replaceSignUp(trx, { tokenHash: sha256(token), ...input, language, now, expiresAt: new Date(now.getTime() + SIGN_UP_LINK_MS) });
    await enqueueMessage(trx, { kind: 'sign_up_link', to: input.email, language, origin, name: input.name, link: `/verify-email?token=${token}` }, now);
  });
}

/** The registration's e-mailed link makes the account; undefined when the link was used or has expired. */
export async function verifySignUp(ctx: UseCaseContext, { token }: { token: string }): Promise<SessionUser | undefined> {
  return inTransaction(ctx, async ({ trx, now }) => {
    const signUp = await takeSignUp(trx, sha256(token), now);
    if (!signUp) return undefined;
    return createCustomer(trx, { ...signUp }).catch((err: unknown) => {
      // The address got an account meanwhile (another link of it, or the admin).
      if (isUniqueViolation(err)) throw new AppError(409, 'email_taken', 'An account with this email exists. Sign in instead.');
      throw err;
    });
  });
}

/** "Forgot your password?": a single-use link for an hour, to an address that has an account; nothing for one that has none. */
export async function requestPasswordReset(ctx: UseCaseContext, { email }: { email: string }): Promise<void> {
  const { now, origin } = ctx;
  await inTransaction(ctx, async ({ trx, after }) => {
    await deleteExpiredLinks(trx, now);
    const user = await findUserWithHash(trx, { email });
    if (!user) return;
    const token = newLinkToken();
    await replaceResetLink(trx, { tokenHash: sha256(token), userId: user.id, now, expiresAt: new Date(now.getTime() + RESET_LINK_MS) });
    const message = {
      kind: 'password_reset',
      to: user.email,
      language: normalizeLanguage(user.language),
      origin,
      name: user.name,
      link: `/reset-password?token=${token}`,
    } as const;
    await enqueueMessage(trx, message, now);
    after.jobAdded();
  });
}

/** Uses up a reset link and sets the new password, ending every session; the account's id, or undefined when the link was used or has expired. */
export async function resetPassword(ctx: UseCaseContext, { token, passwordHash }: { token: string; passwordHash: string }): Promise<number | undefined> {
  return inTransaction(ctx, async ({ trx, now }) => {
    const id = await useResetLink(trx, sha256(token), now);
    if (id !== undefined) await updatePassword(trx, id, passwordHash, null);
    return id;
  });
}

/** Adds (no `id`) or changes one of the signed-in shopper's addresses; undefined when `id` is not theirs. */
export async function keepAddress(ctx: UseCaseContext, { id, address }: { id?: number; address: CleanAddress }) {
  const userId = ctx.actor.userId!;
  return inTransaction(ctx, async ({ trx }) => {
    if (id === undefined && (await countAddresses(trx, userId)) >= MAX_ADDRESSES)
      throw new AppError(409, 'too_many_addresses', `An account keeps at most ${MAX_ADDRESSES} addresses.`);
    return saveAddress(trx, userId, address, id, ctx.now);
  });
}

/** Deletes one of the signed-in shopper's addresses; false when it is not theirs. */
export async function removeAddress(ctx: UseCaseContext, { id }: { id: number }): Promise<boolean> {
  return inTransaction(ctx, ({ trx }) => deleteAddress(trx, ctx.actor.userId!, id));
}

/** The signed-in shopper's new password (hashed by the caller): every other session of the account ends with the change. */
export async function changePassword(
  ctx: UseCaseContext,
  { passwordHash, keepSessionId }: { passwordHash: string; keepSessionId: string | null },
): Promise<void> {
  await inTransaction(ctx, ({ trx }) => updatePassword(trx, ctx.actor.userId!, passwordHash, keepSessionId));
}
