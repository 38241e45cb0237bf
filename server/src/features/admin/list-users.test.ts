import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import { ADMIN_MESSAGES, ADMIN_USERS_EXPORT_MAX, adminUsersResponseSchema, type AdminUserSummary } from '@ziver/shared';
import { insertUser } from '../../testing/growth-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { csvField } from '../../platform/csv.js';

let server: TestServer;
let adminToken: string;
let adminId: string;
/** The users this file made, by name: the list is checked against them. */
const made: Record<string, string> = {};
const idOf = (name: string): string => made[name]!;
const DAY = 86_400_000;
const t0 = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', CONTRACT_CHECK: 'strict' });
  const admin = await insertUser(server, { role: 'ADMIN', username: 'lu_admin', createdAt: new Date(t0) });
  adminToken = admin.token;
  adminId = admin.user.id;
  made.lu_admin = adminId;
  const add = async (username: string, overrides: Parameters<typeof insertUser>[1]) => {
    made[username] = (await insertUser(server, { username, ...overrides })).user.id;
  };
  // Joined one day apart, in this order; balances, activity and flags chosen to tell the sorts apart.
  await add('lu_ann', { createdAt: new Date(t0 + DAY), zpBalance: 30, lastSeenAt: new Date(t0 + 9 * DAY) });
  await add('lu_bob', {
    createdAt: new Date(t0 + 2 * DAY),
    zpBalance: 10,
    role: 'TESTER',
    telegramId: 5_550_001n,
    telegramUsername: 'bob_tg',
  });
  await add('lu_cat', {
    createdAt: new Date(t0 + 3 * DAY),
    zpBalance: 20,
    lastSeenAt: new Date(t0 + 8 * DAY),
    referredBy: made.lu_ann,
  });
  // Suspended after the fact (a suspended account gets no session).
  await server.database.db
    .update(users)
    .set({ suspendedAt: new Date(t0 + 4 * DAY), suspensionReason: 'spam, "bulk" links\nand more' })
    .where(eq(users.id, idOf('lu_cat')));
  await add('lu_dan', {
    createdAt: new Date(t0 + 4 * DAY),
    zpBalance: 20,
    lastSeenAt: new Date(t0 + 10 * DAY),
    referredBy: made.lu_ann,
    telegramId: 5_550_002n,
    email: '=HYPERLINK("http://evil.example")@example.com',
  });
  await add('+lu_eve', { createdAt: new Date(t0 + 5 * DAY), zpBalance: 0, referredBy: made.lu_bob, role: 'ADMIN' });
});
afterAll(() => server.stop());

const list = async (query: string) => {
  const res = await server.get(`/api/admin/users${query ? `?${query}` : ''}`, adminToken);
  expect([query, res.status, res.body.message]).toEqual([query, 200, undefined]);
  return adminUsersResponseSchema.parse(res.body);
};
const names = (users: AdminUserSummary[]) => users.map((u) => u.username);

describe('GET /api/admin/users: the list', () => {
  it('lists the newest sign-ups first without a search, a page at a time, with the total', async () => {
    const first = await list('');
    expect(names(first.users)).toEqual(['+lu_eve', 'lu_dan', 'lu_cat', 'lu_bob', 'lu_ann', 'lu_admin']);
    expect([first.total, first.page, first.pageSize]).toEqual([6, 1, 25]);
    const page2 = await list('pageSize=4&page=2');
    expect(names(page2.users)).toEqual(['lu_ann', 'lu_admin']);
    expect([page2.total, page2.page, page2.pageSize]).toEqual([6, 2, 4]);
    expect((await list('pageSize=4&page=3')).users).toEqual([]);
    expect(first.users.find((u) => u.username === 'lu_cat')).toMatchObject({
      referred_by: { id: made.lu_ann, username: 'lu_ann' },
      last_seen_at: new Date(t0 + 8 * DAY).toISOString(),
    });
  });

  it('sorts by joined, last seen and ZP either way; ties keep a stable order', async () => {
    expect(names((await list('sort=joined&dir=asc')).users)).toEqual([
      'lu_admin',
      'lu_ann',
      'lu_bob',
      'lu_cat',
      'lu_dan',
      '+lu_eve',
    ]);
    // Never seen last, either way.
    const seenDesc = names((await list('sort=last_seen&dir=desc')).users);
    expect(seenDesc.slice(0, 3)).toEqual(['lu_dan', 'lu_ann', 'lu_cat']);
    expect(names((await list('sort=last_seen&dir=asc')).users).slice(0, 3)).toEqual(['lu_cat', 'lu_ann', 'lu_dan']);
    expect(seenDesc.slice(3).sort()).toEqual(['+lu_eve', 'lu_admin', 'lu_bob']);
    const zpDesc = names((await list('sort=zp&dir=desc')).users);
    expect(zpDesc.slice(0, 4)).toEqual([
      'lu_ann',
      ...[idOf('lu_cat'), idOf('lu_dan')].sort().reverse().map(nameOf),
      'lu_bob',
    ]);
    const zpAsc = names((await list('sort=zp&dir=asc')).users);
    expect(zpAsc.slice(2)).toEqual(['lu_bob', ...[idOf('lu_cat'), idOf('lu_dan')].sort().map(nameOf), 'lu_ann']);
    // Paging through a sort with ties neither repeats nor skips anyone.
    const paged = [];
    for (let page = 1; page <= 3; page++)
      paged.push(...names((await list(`sort=zp&dir=desc&pageSize=2&page=${page}`)).users));
    expect(paged).toEqual(zpDesc);
  });

  it('filters by role, suspension, Telegram link and referrer, together and with a search', async () => {
    expect(names((await list('role=TESTER')).users)).toEqual(['lu_bob']);
    expect(names((await list('role=ADMIN')).users)).toEqual(['+lu_eve', 'lu_admin']);
    expect(names((await list('suspended=true')).users)).toEqual(['lu_cat']);
    expect((await list('suspended=false')).total).toBe(5);
    expect(names((await list('telegram=true')).users)).toEqual(['lu_dan', 'lu_bob']);
    expect((await list('telegram=false')).total).toBe(4);
    expect(names((await list(`referredBy=${made.lu_ann}`)).users)).toEqual(['lu_dan', 'lu_cat']);
    expect(names((await list('referredBy=%40LU_Ann')).users)).toEqual(['lu_dan', 'lu_cat']);
    expect(names((await list('referredBy=lu_bob')).users)).toEqual(['+lu_eve']);
    expect((await list('referredBy=nobody_by_that_name')).users).toEqual([]);
    expect(names((await list('referredBy=lu_ann&suspended=false&telegram=true')).users)).toEqual(['lu_dan']);
    const searched = await list('q=lu_&role=ADMIN&sort=joined&dir=asc');
    expect([names(searched.users), searched.total]).toEqual([['lu_admin', '+lu_eve'], 2]);
    expect(names((await list('q=bob_tg')).users)).toEqual(['lu_bob']);
    expect(names((await list('q=5550002')).users)).toEqual(['lu_dan']);
    // Digits beyond PostgreSQL's bigint are no Telegram id: nothing matches, no error.
    expect((await list('q=9999999999999999999')).users).toEqual([]);
  });

  it('answers bad input with a 400 naming the mistake, never a 500, and changes nothing', async () => {
    const cases: [string, string][] = [
      ['q=', ADMIN_MESSAGES.searchRequired],
      ['q=%20%20', ADMIN_MESSAGES.searchRequired],
      [`q=${'x'.repeat(101)}`, ADMIN_MESSAGES.searchRequired],
      ['page=0', ADMIN_MESSAGES.usersPageInvalid],
      ['page=1.5', ADMIN_MESSAGES.usersPageInvalid],
      ['page=abc', ADMIN_MESSAGES.usersPageInvalid],
      ['page=1e30', ADMIN_MESSAGES.usersPageInvalid],
      ['pageSize=0', ADMIN_MESSAGES.usersPageSizeInvalid],
      ['pageSize=101', ADMIN_MESSAGES.usersPageSizeInvalid],
      ['sort=username', ADMIN_MESSAGES.usersSortInvalid],
      ['dir=up', ADMIN_MESSAGES.sortDirectionInvalid],
      ['role=ROOT', ADMIN_MESSAGES.invalidRole],
      ['suspended=yes', ADMIN_MESSAGES.yesNoInvalid],
      ['telegram=1', ADMIN_MESSAGES.yesNoInvalid],
      ['referredBy=%20', ADMIN_MESSAGES.auditPersonInvalid],
    ];
    const before = await list('');
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/users', '/api/admin/users/export']) {
        // The export has no paging: a page there is simply not read.
        if (path.endsWith('export') && /^page/.test(query)) continue;
        const res = await server.get(`${path}?${query}`, adminToken);
        expect([path, query, res.status, res.body.message]).toEqual([path, query, 400, message]);
      }
    }
    expect(await list('')).toEqual(before);
  });

  it('is refused to anyone but an admin', async () => {
    const { token, user } = await insertUser(server, { role: 'TESTER' });
    expect((await server.get('/api/admin/users', token)).status).toBe(403);
    expect((await server.get('/api/admin/users/export', token)).status).toBe(403);
    expect((await server.get('/api/admin/users/export')).status).toBe(401);
    await server.database.db.execute(sql`delete from users where id = ${user.id}`);
  });
});

function nameOf(id: string): string {
  return Object.entries(made).find(([, made]) => made === id)![0];
}

/** A CSV text as rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  expect([field, row]).toEqual(['', []]);
  return rows;
}

describe('GET /api/admin/users/export: the CSV', () => {
  const exportCsv = async (query: string) => {
    const res = await fetch(`${server.url}/api/admin/users/export${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte order mark first (spreadsheets then read non-Latin names right); the decoder drops it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { res, text: new TextDecoder().decode(bytes) };
  };

  it('is a dated CSV attachment with a header and the filtered users in the list order', async () => {
    const { res, text } = await exportCsv('referredBy=lu_ann&sort=joined&dir=asc');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ziver-users-${day}.csv"`);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'id',
      'username',
      'email',
      'telegram_username',
      'telegram_id',
      'role',
      'suspended_at',
      'suspension_reason',
      'zp_balance',
      'seb_balance',
      'joined_at',
      'last_seen_at',
      'referred_by_id',
      'referred_by_username',
    ]);
    expect(rows.map((r) => r[1])).toEqual(['lu_cat', 'lu_dan']);
    const cat = rows[0]!;
    expect(cat).toEqual([
      made.lu_cat,
      'lu_cat',
      expect.stringMatching(/@example\.com$/),
      '',
      '',
      'USER',
      new Date(t0 + 4 * DAY).toISOString(),
      'spam, "bulk" links\nand more',
      '20',
      '0',
      new Date(t0 + 3 * DAY).toISOString(),
      new Date(t0 + 8 * DAY).toISOString(),
      made.lu_ann,
      'lu_ann',
    ]);
    // A text a spreadsheet would run as a formula is kept as text.
    expect(rows[1]![2]).toBe(`'=HYPERLINK("http://evil.example")@example.com`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")@example.com"`);
    expect(rows[1]![4]).toBe('5550002');
  });

  it('exports everyone the list would show across all its pages, and only them', async () => {
    const everyone = await list('sort=zp&dir=desc&pageSize=100');
    const { text } = await exportCsv('sort=zp&dir=desc');
    expect(
      parseCsv(text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(everyone.users.map((u) => u.id));
    const admins = parseCsv((await exportCsv('role=ADMIN')).text).slice(1);
    expect(admins.map((r) => r[1])).toEqual([`'+lu_eve`, 'lu_admin']);
    expect(parseCsv((await exportCsv('q=nobody-at-all')).text)).toHaveLength(1);
  });

  it(`refuses more than ${ADMIN_USERS_EXPORT_MAX} users with a 400, and exports exactly that many`, async () => {
    await server.database.db.execute(sql`
      insert into users (username, email, referral_code)
      select 'bulk_' || n, 'bulk_' || n || '@example.com', 'BULK' || n
      from generate_series(1, ${ADMIN_USERS_EXPORT_MAX}) n`);
    const exact = await exportCsv('q=bulk_');
    expect(parseCsv(exact.text)).toHaveLength(ADMIN_USERS_EXPORT_MAX + 1);
    const tooMany = await server.get('/api/admin/users/export', adminToken);
    expect([tooMany.status, tooMany.body.message]).toEqual([400, ADMIN_MESSAGES.exportTooLarge]);
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and defuses formula-leading characters', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvField('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('a=1')).toBe('a=1');
  });
});
