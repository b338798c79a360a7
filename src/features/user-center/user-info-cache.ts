/**
 * Saving the avatar or the name updates the user-info query (getGetUserInfoQueryKey),
 * which is what the top bar and the whole shell read: the change shows at once.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserInfo, UserInfoUpdate } from '@generated/workbench/model';
import { getGetUserInfoQueryKey, useUpdateUserInfo } from '@generated/workbench/workbench';

export function applyUserInfo(
  queryClient: QueryClient,
  change: Partial<UserInfo>,
  returned?: UserInfo | null,
): void {
  queryClient.setQueryData<UserInfo>(getGetUserInfoQueryKey(), (previous) => {
    const base = previous ?? returned ?? undefined;
    if (!base) return previous;
    // What the user just saved wins over the echo: a lagging replica (or a static mock) must not undo it on screen.
    return { ...base, ...(returned ?? {}), ...change };
  });
}

/** PUT /user/v1/login/ with avatar_url and user_name, then the shell's user info. */
export function useSaveUserInfo() {
  const queryClient = useQueryClient();
  return useUpdateUserInfo({
    mutation: {
      onSuccess: (returned, { data }: { data: UserInfoUpdate }) => applyUserInfo(queryClient, data, returned),
    },
  });
}
