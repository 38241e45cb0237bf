/**
 * An estimate of when a Telegram account was created, from its user id. Telegram hands out ids
 * in (roughly) increasing order, so public account-age tools (giveaway checkers, "account age"
 * bots) keep a table of known ids and their registration dates and interpolate. This is such a
 * table, rounded to the first id seen in each year from those tools' published data points; it
 * is an estimate (±1 year near a boundary), never proof. Ids above 2^31 began in 2021 when
 * Telegram moved to 64-bit ids.
 */
const FIRST_ID_OF_YEAR: readonly (readonly [year: number, firstId: number])[] = [
  [2013, 0],
  [2014, 60_000_000],
  [2015, 100_000_000],
  [2016, 180_000_000],
  [2017, 300_000_000],
  [2018, 480_000_000],
  [2019, 700_000_000],
  [2020, 1_000_000_000],
  [2021, 1_400_000_000],
  [2022, 5_000_000_000],
  [2023, 5_800_000_000],
  [2024, 6_600_000_000],
  [2025, 7_400_000_000],
  [2026, 8_200_000_000],
];

/** The estimated creation year of the Telegram account with this id. */
export function estimateTelegramYear(telegramId: bigint | number): number {
  const id = Number(telegramId);
  let year = FIRST_ID_OF_YEAR[0]![0];
  for (const [candidate, firstId] of FIRST_ID_OF_YEAR) if (id >= firstId) year = candidate;
  return year;
}

/** Old enough that network signals alone never flag it (docs/decisions.md "Integrity"). */
export const OLD_TELEGRAM_ACCOUNT_YEARS = 3;
/** Created this year or last: the `new_telegram_account` reason. */
export const NEW_TELEGRAM_ACCOUNT_YEARS = 1;
