import type { Role } from '@ziver/shared/core';

/** Roles that may look behind a coming-soon page (docs/spec.md §6). */
export function canBypassComingSoon(role: Role | null | undefined): boolean {
  return role === 'ADMIN' || role === 'TESTER';
}

const keyFor = (feature: string) => `ziver-admin-bypass:${feature}`;

/** The remembered bypass choice for one feature. */
export function readAdminBypass(storage: Storage, feature: string): boolean {
  try {
    return storage.getItem(keyFor(feature)) === 'true';
  } catch {
    return false;
  }
}

export function storeAdminBypass(storage: Storage, feature: string, isEnabled: boolean): void {
  try {
    if (isEnabled) storage.setItem(keyFor(feature), 'true');
    else storage.removeItem(keyFor(feature));
  } catch {
    // Not remembered when storage is blocked; the toggle still works for this visit.
  }
}
