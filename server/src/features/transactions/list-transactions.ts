import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { parseDateBound, type Pagination, type TransactionListQuery } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { tasks, transactions, type TransactionRow } from '../../platform/db/schema.js';

/** Escapes LIKE wildcards so a search for "50%" or "a_b" means those characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a task row's task has a title like the pattern in the reader's language: the title
 * localizeTaskTitles puts on the row (shared localizeTaskText: the translation, else English).
 */
function localizedTaskTitleLike(pattern: string, language: string | null | undefined): SQL {
  const title =
    language && language !== 'en'
      ? sql`coalesce(nullif(${tasks.translations} -> ${language}::text ->> 'title', ''), ${tasks.title})`
      : sql`${tasks.title}`;
  return sql`exists (select 1 from ${tasks} where ${tasks.id}::text = ${transactions.metadata} ->> 'taskId' and ${title} ILIKE ${pattern})`;
}

/**
 * The WHERE of a history query: always the one user, then each given filter. A search matches
 * the stored description and type, the texts from metadata a row shows (task and feedback titles,
 * usernames, an adjustment's reason), the task's title in the reader's language, and the types
 * whose row text the client found it in (`searchTypes`).
 */
function historyConditions(
  userId: string,
  query: Omit<TransactionListQuery, 'page' | 'limit'>,
  language: string | null | undefined,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(transactions.userId, userId)];
  if (query.type) conditions.push(eq(transactions.type, query.type));
  if (query.currency) conditions.push(eq(transactions.currency, query.currency));
  if (query.startDate) conditions.push(gte(transactions.createdAt, parseDateBound(query.startDate, 'start')!.at));
  if (query.endDate) {
    const end = parseDateBound(query.endDate, 'end')!;
    conditions.push(end.isExclusive ? lt(transactions.createdAt, end.at) : lte(transactions.createdAt, end.at));
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        sql`${transactions.description} ILIKE ${pattern}`,
        sql`replace(${transactions.type}, '_', ' ') ILIKE ${pattern}`,
        sql`${transactions.type} ILIKE ${pattern}`,
        sql`${transactions.metadata}->>'taskTitle' ILIKE ${pattern}`,
        sql`${transactions.metadata}->>'feedbackTitle' ILIKE ${pattern}`,
        sql`${transactions.metadata}->>'referrerUsername' ILIKE ${pattern}`,
        sql`${transactions.metadata}->>'friendUsername' ILIKE ${pattern}`,
        sql`${transactions.metadata}->>'reason' ILIKE ${pattern}`,
        localizedTaskTitleLike(pattern, language),
        query.searchTypes ? inArray(transactions.type, query.searchTypes) : undefined,
      ),
    );
  }
  return and(...conditions)!;
}

/**
 * One page of the signed-in user's history, newest first (id breaks ties within one instant).
 * The page's ids come from a walk of (user_id, created_at DESC, id DESC) that reads only the
 * index when no filter needs the row, so OFFSET skips index entries, not rows; only the page's
 * rows are then read (a deferred join, one statement). The total is counted beside it, also
 * from the index. A deep page costs about what page 1 does (docs/performance.md, History).
 */
export async function listTransactions(
  db: Db,
  options: { userId: string; query: TransactionListQuery; language?: string | null },
): Promise<{ rows: TransactionRow[]; pagination: Pagination }> {
  const { page, limit, ...filters } = options.query;
  const where = historyConditions(options.userId, filters, options.language);
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_ids');
  const [found, [total]] = await Promise.all([
    db
      .select({ row: transactions })
      .from(pageIds)
      .innerJoin(transactions, eq(transactions.id, pageIds.id))
      .orderBy(desc(transactions.createdAt), desc(transactions.id)),
    db.select({ value: count() }).from(transactions).where(where),
  ]);
  const totalCount = Number(total?.value ?? 0);
  const rows = found.map((r) => r.row);
  return { rows, pagination: { currentPage: page, totalPages: Math.ceil(totalCount / limit), totalCount, limit } };
}

/** The user's latest entries. */
export async function listRecentTransactions(
  db: Db,
  options: { userId: string; limit: number },
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, options.userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(options.limit);
}

/** One of the user's entries; another user's entry is "not found", the same as a missing one. */
export async function findUserTransaction(
  db: Db,
  options: { userId: string; id: string },
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, options.id), eq(transactions.userId, options.userId)))
    .limit(1);
  return row;
}
