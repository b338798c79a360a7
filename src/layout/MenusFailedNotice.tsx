/**
 * The server menus could not be loaded (SPEC §4: asked for in an enterprise). The
 * shell goes on without them — no management back-end — and this says so in the top
 * bar, with a retry: the menu region's error state. A success re-runs the bootstrap.
 */
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TEXT, SHELL_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { shouldFetchMenus, userMenusQuery } from '@/session/queries';

export function MenusFailedNotice() {
  const { config } = useSession();
  // The bootstrap's own query, observed without fetching: its error, and a refetch to retry.
  const menus = useQuery({ ...userMenusQuery, enabled: false });
  if (!shouldFetchMenus(config) || !menus.isError) return null;
  return (
    <span role="alert" className="region-error-compact" data-testid="menus-failed">
      {SHELL_TEXT.menusFailed}
      <Button size="small" type="link" onClick={() => void menus.refetch()}>
        {TEXT.retry}
      </Button>
    </span>
  );
}
