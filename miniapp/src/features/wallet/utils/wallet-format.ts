/**
 * A user-friendly TON address shortened for a phone row: the first and last `keep` characters
 * around an ellipsis ("UQBvW8…lnlJmS"). The whole address stays in the copy button and title.
 */
export function shortAddress(address: string, keep = 6): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`;
}
