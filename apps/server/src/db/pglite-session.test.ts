import { PGlite } from '@electric-sql/pglite';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterText, PGliteSession } from './pglite-session.ts';

// The embedded database's session (decision 280) against PGlite's own query: same rows, same
// errors, transactions that hold the connection, notifications before the statement returns.

let pglite: PGlite;
let session: PGliteSession;
beforeAll(async () => {
  pglite = await PGlite.create();
  session = new PGliteSession(pglite);
  await session.exec(`
    create table things (id int primary key, name text not null, data jsonb, at timestamptz, day date, big bigint, raw bytea, tags text[], ok boolean);
    create function notify_thing() returns trigger language plpgsql as $$ begin perform pg_notify('things', new.id::text); return new; end $$;
    create trigger things_notify after insert on things for each row execute function notify_thing();
  `);
});
afterAll(async () => {
  await session.close();
});

const insert = 'insert into things (id, name, data, at, day, big, raw, tags, ok) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';

describe('PGlite session', () => {
  it('sends parameters as node-postgres does and returns the rows PGlite query returns', async () => {
    const values = [1, 'a "quoted" name', JSON.stringify({ k: [1, 2] }), new Date('2026-01-02T03:04:05.000Z'), '2026-01-02', 9007199254740993n, new Uint8Array([0, 255, 16]), ['x', 'y,z', null, 'q"uote'], true];
    const ours = await session.query(insert, values);
    const theirs = await pglite.query('select * from things where id = $1', [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toMatchObject({ name: 'a "quoted" name', data: { k: [1, 2] }, tags: ['x', 'y,z', null, 'q"uote'], ok: true });
    // Array rows and pass-through parsers, as Drizzle asks for them.
    const array = await session.query<unknown[]>('select id, at, day from things where id = $1', [1], { rowMode: 'array', parsers: { 1184: (v) => v, 1082: (v) => v } });
    expect(array.rows[0]).toEqual([1, '2026-01-02 03:04:05+00', '2026-01-02']);
  });

  it('prepares a statement once and uses it again, with new parameters each time', async () => {
    for (let i = 2; i < 6; i++) await session.query('insert into things (id, name) values ($1, $2)', [i, `n${i}`]);
    const { rows } = await pglite.query<{ name: string }>("select name from pg_prepared_statements where statement like 'insert into things (id, name)%'");
    expect(rows).toHaveLength(1);
    const names = await session.query<{ name: string }>('select name from things where id between $1 and $2 order by id', [2, 5]);
    expect(names.rows.map((r) => r.name)).toEqual(['n2', 'n3', 'n4', 'n5']);
    expect(parameterText(null)).toBeNull();
    expect(parameterText(false)).toBe('false');
  });

  it('throws PostgreSQL errors with their code, and the statement works after one', async () => {
    const error = await session.query('insert into things (id, name) values ($1, $2)', [2, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey' });
    await expect(session.query('select nope from things', [])).rejects.toMatchObject({ code: '42703' });
    await session.query('insert into things (id, name) values ($1, $2)', [6, 'six']);
    expect((await session.query('select count(*)::int as n from things')).rows[0]).toEqual({ n: 6 });
  });

  it('holds the connection for a transaction: a statement sent meanwhile runs after it, and a rollback undoes it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await session.transaction(async (tx) => {
      await tx.query('insert into things (id, name) values ($1, $2)', [7, 'seven']);
      outside = session.query<{ n: number }>('select count(*)::int as n from things where id = 7').then((r) => order.push(`outside saw ${r.rows[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('transaction ends');
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);
    await expect(
      session.transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [8, 'eight']);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await session.query('select count(*)::int as n from things where id = 8')).rows[0]).toEqual({ n: 0 });
  });

  it('sends BEGIN with the first statement of a transaction: its answers, failures and rollbacks are those of a transaction', async () => {
    // A prepared statement outside a transaction starts its own: its statement time is the
    // transaction's (prepared here first: parsing a new statement starts the transaction earlier).
    const idle = async () => (await session.query<{ idle: boolean }>('select statement_timestamp() = transaction_timestamp() as idle')).rows[0]?.idle;
    await idle();
    // The first statement answers its own rows, not BEGIN's; the transaction is one (one transaction id).
    const ids = await session.transaction(async (tx) => {
      const first = await tx.query<{ id: number }>('insert into things (id, name) values ($1, $2) returning id', [20, 'twenty']);
      expect(first.rows).toEqual([{ id: 20 }]);
      const a = await tx.query<{ x: string }>('select txid_current()::text as x');
      const b = await tx.query<{ x: string }>('select txid_current()::text as x');
      return [a.rows[0]?.x, b.rows[0]?.x];
    });
    expect(ids[0]).toBe(ids[1]);
    // A first statement given as text: its results, without BEGIN's.
    const texts = await session.transaction((tx) => tx.exec('select 1 as a; select 2 as b'));
    expect(texts.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    // A failing first statement: the transaction is rolled back and the session works on.
    await expect(session.transaction((tx) => tx.query('insert into things (id, name) values ($1, null)', [21]))).rejects.toMatchObject({ code: '23502' });
    await expect(
      session.transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [22, 'kept?']);
        await tx.rollback();
      }),
    ).resolves.toBeUndefined();
    expect((await session.query('select id from things where id in (20, 21, 22) order by id')).rows).toEqual([{ id: 20 }]);
    // A transaction without a statement (it sends nothing) leaves none open: the next statement runs in its own.
    await session.transaction(() => Promise.resolve());
    expect(await idle()).toBe(true);
  });

  it('tells listeners of a notification before the statement that caused it returns', async () => {
    const heard: string[] = [];
    const unlisten = await session.listen('things', (payload) => heard.push(payload));
    await session.query('insert into things (id, name) values ($1, $2)', [9, 'nine']);
    expect(heard).toEqual(['9']);
    await session.transaction((tx) => tx.query('insert into things (id, name) values ($1, $2)', [10, 'ten']));
    expect(heard).toEqual(['9', '10']);
    await unlisten();
    await session.query('insert into things (id, name) values ($1, $2)', [11, 'eleven']);
    expect(heard).toEqual(['9', '10']);
  });

  it('runs several statements in one text without parameters', async () => {
    const results = await session.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('reads answers as PGlite does: text in any script, nulls, empty results, counts over several statements', async () => {
    const text = `select 'Zürich — 東京 ⚡ 🙂' as "naïve", null::text as nothing, '' as empty, 1 as "__proto__", 2 as twice, 3 as twice`;
    const ours = await session.query(text);
    const theirs = await pglite.query(text);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(Object.getPrototypeOf(ours.rows[0])).toBe(Object.prototype);
    expect(await session.query('select id from things where id < 0')).toEqual(await pglite.query('select id from things where id < 0'));
    const several = `insert into things (id, name) values (100, 'a'), (101, 'b'); update things set name = 'c' where id >= 100; select name from things where id >= 100 order by id; delete from things where id >= 100`;
    const ourResults = await session.exec(several);
    await pglite.exec('delete from things where id >= 100');
    const theirResults = await pglite.exec(several);
    expect(ourResults).toEqual(theirResults);
    expect(ourResults.map((r) => [r.command, r.rowCount, r.affectedRows])).toEqual([
      ['INSERT', 2, 2],
      ['UPDATE', 2, 4],
      ['SELECT', 2, 4],
      ['DELETE', 2, 6],
    ]);
    expect(await session.exec('set search_path = public')).toEqual(await pglite.exec('set search_path = public'));
  });

  it('keeps nothing of an answer once it is returned (PGlite kept every message of raw calls)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    await session.exec(`create table wide (id int primary key, body text); insert into wide select i, repeat('w', 1000) from generate_series(1, 20) i`);
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    for (let i = 0; i < 100; i++) await session.query('select * from wide');
    const before = heap();
    // 3,000 answers of 20 rows of 1 KB: 60 MB if they were kept.
    for (let i = 0; i < 3000; i++) await session.query('select * from wide where id <= $1', [20]);
    expect((heap() - before) / 1e6).toBeLessThan(15);
  });
});
