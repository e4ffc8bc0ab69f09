import { describe, expect, it } from 'vitest';
import { hashInvitationToken, signInvitationToken, verifyInvitationToken, type InvitationTokenClaims } from './invitation-token';

const secret = 'test-secret-test-secret-test-secret-0123';
const claims: InvitationTokenClaims = {
  id: 'inv1',
  email: 'ada@example.com',
  role: 'employee',
  invitedBy: 'owner1',
  teamOwnerId: 'owner1',
  expiresAt: Date.parse('2030-01-01T00:00:00Z'),
};

describe('invitation tokens', () => {
  it('round-trips the claims and is URL-safe', () => {
    const token = signInvitationToken(secret, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(verifyInvitationToken(secret, token)).toEqual(claims);
  });

  const token = signInvitationToken(secret, claims);
  const payload = token.slice(0, -43);
  const signature = token.slice(-43);
  const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
  it.each([
    ['another secret', signInvitationToken('another-secret-another-secret-another', claims)],
    ['a changed payload', `${forged}${signature}`],
    ['a cut signature', `${payload}${signature.slice(0, 10)}`],
    ['no signature', payload],
    ['an extra character', `${token}x`],
    ['characters outside base64url', `${payload}.${signature}`],
    ['garbage', '!!!???'],
    ['a signed non-JSON payload', 'bm90LWpzb24' + signature],
  ])('refuses %s', (_case, value) => {
    expect(verifyInvitationToken(secret, value)).toBeNull();
  });

  it('stores a hash, not the token', () => {
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(token)).not.toContain(payload);
  });
});
