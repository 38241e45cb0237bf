import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { loadSchemas } from '@/lib/schemas';

export type VerifyTokenResult = { valid: boolean; user: PublicUser | null };

async function parseVerifyToken(data: unknown): Promise<VerifyTokenResult> {
  const body = (typeof data === 'object' && data !== null ? data : {}) as { valid?: unknown; user?: unknown };
  if (body.valid !== true) return { valid: false, user: null };
  const { publicUserSchema } = await loadSchemas();
  return { valid: true, user: publicUserSchema.parse(body.user) };
}

/** GET /api/user/verify-token: is the stored session still good? Any bad session answers 401. */
export function verifyToken({ signal }: { signal?: AbortSignal } = {}): Promise<VerifyTokenResult> {
  void loadSchemas();
  return api.get('/user/verify-token', { signal, parse: parseVerifyToken });
}

export function verifyTokenQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'verify-token'],
    queryFn: ({ signal }) => verifyToken({ signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useVerifyToken({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...verifyTokenQueryOptions(), enabled });
}
