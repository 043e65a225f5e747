import crypto from 'node:crypto';

/**
 * The token of a link sent by e-mail (password reset, registration): 256 random bits in base64url.
 * Only its SHA-256 is stored (account-link-repository), so the database cannot open the link.
 */
export const newLinkToken = (): string => crypto.randomBytes(32).toString('base64url');
