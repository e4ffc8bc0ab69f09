import { describe, expect, it } from 'vitest';
import { canAccessCard, type CardCaller } from './card-access';

describe('canAccessCard', () => {
  const manager = (userId: string, teamOwnerId: string): CardCaller => ({ userId, teamOwnerId, permissions: ['manageDigitalCards'] });
  const plain = (userId: string, teamOwnerId: string): CardCaller => ({ userId, teamOwnerId, permissions: [] });
  it.each<[string, CardCaller, { ownerId: string; teamOwnerId: string | null }, boolean]>([
    ['the owner', { userId: 'u1' }, { ownerId: 'u1', teamOwnerId: null }, true],
    ['the owner of a team card', plain('u1', 't1'), { ownerId: 'u1', teamOwnerId: 't1' }, true],
    ['another user', { userId: 'u2' }, { ownerId: 'u1', teamOwnerId: null }, false],
    ['the team owner on Teams (manages team cards)', manager('t1', 't1'), { ownerId: 'u1', teamOwnerId: 't1' }, true],
    ['the team owner off Teams', plain('t1', 't1'), { ownerId: 'u1', teamOwnerId: 't1' }, false],
    ['a member whose role manages team cards', manager('u2', 't1'), { ownerId: 'u1', teamOwnerId: 't1' }, true],
    ['a member whose role does not', plain('u2', 't1'), { ownerId: 'u1', teamOwnerId: 't1' }, false],
    ['a manager of another team', manager('u3', 't2'), { ownerId: 'u1', teamOwnerId: 't1' }, false],
    ['a manager, for a personal card of their team owner', manager('u2', 't1'), { ownerId: 't1', teamOwnerId: null }, false],
  ])('%s: %s', (_who, caller, card, expected) => {
    expect(canAccessCard(caller, card)).toBe(expected);
  });
});
