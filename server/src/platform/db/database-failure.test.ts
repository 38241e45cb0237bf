import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, databaseFailureOf } from './client.js';

describe('databaseFailureOf', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'refused'],
    [new Error('Connection terminated unexpectedly'), 'terminated'],
    [Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'terminated'],
    [Object.assign(new Error('the database system is shutting down'), { code: '57P03' }), 'shutting-down'],
    [Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), 'timeout'],
    [new Error('timeout exceeded when trying to connect'), 'connect-timeout'],
    [new Error('Query read timeout'), 'timeout'],
    [new Error('Cannot use a pool after calling end on the pool'), 'closed'],
  ])('classifies %s, also wrapped by Drizzle (cause)', (error, reason) => {
    expect(databaseFailureOf(error)?.reason).toBe(reason);
    const wrapped = Object.assign(new Error('Failed query: select 1\nparams: '), { cause: error });
    expect(databaseFailureOf(wrapped)).toBeInstanceOf(DatabaseUnavailableError);
    expect(databaseFailureOf(wrapped)?.message).toMatch(/^(The database|No database|The connection to the database)/);
  });

  it('leaves query errors (constraints, syntax) alone', () => {
    expect(databaseFailureOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    expect(databaseFailureOf(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined();
    expect(databaseFailureOf(new Error('boom'))).toBeUndefined();
  });
});
