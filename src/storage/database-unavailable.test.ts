import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('is true for a connection refused by a stopped server, as node-postgres reports it', async () => {
    // Port 1 on loopback: nothing listens there, so the connect is refused at once.
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'none' });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true for the server's shutdown codes and the driver's words for an ended connection", () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it('is false for what the database refused: a constraint, a syntax error, a serialization failure', () => {
    for (const code of ['23505', '23503', '42601', '40001', 'SQLITE_BUSY'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
