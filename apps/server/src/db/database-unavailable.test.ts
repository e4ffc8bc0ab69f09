import { describe, expect, it } from 'vitest';
import { asDatabaseUnavailable, DatabaseUnavailableError } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('asDatabaseUnavailable', () => {
  it.each([
    ['a restart or pg_terminate_backend (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a crash shutdown (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['nothing listening', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ["the pool's connection timeout", new Error('Connection terminated due to connection timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a client whose connection failed', new Error('Client has encountered a connection error and is not queryable')],
    ['IPv4 and IPv6 both refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')])],
    ['wrapped by a library (cause)', new Error('Failed to get session', { cause: withCode('terminating connection due to administrator command', '57P01') })],
  ])('recognises %s', (_name, error) => {
    const unavailable = asDatabaseUnavailable(error);
    expect(unavailable).toBeInstanceOf(DatabaseUnavailableError);
    expect(unavailable?.code).toBe('database-unavailable');
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialisation failure', withCode('could not serialize access', '40001')],
    ['a query cancelled by statement_timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a busy SQLite file', withCode('database is locked', 'SQLITE_BUSY')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(asDatabaseUnavailable(error)).toBeUndefined();
  });

  it('keeps an error that already says so, and follows a cycle of causes without looping', () => {
    const known = new DatabaseUnavailableError(new Error('Connection terminated unexpectedly'));
    expect(asDatabaseUnavailable(known)).toBe(known);
    const looping = new Error('outer') as Error & { cause?: unknown };
    looping.cause = looping;
    expect(asDatabaseUnavailable(looping)).toBeUndefined();
  });
});
