/** Frame of the pages shown outside the main layout (/entrance, /link/{data}). */
import type { ReactNode } from 'react';
import { APP_TITLE, useDocumentTitle } from '@/ui/PageFrame';
import { SHELL_TEXT } from '@/constants/texts';
import { ROUTES } from '@/constants/routes';
import styles from './tenant.module.css';

export function StandalonePage({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={styles.standalone}>
      <header className={styles.standaloneHead}>
        <a href={ROUTES.home} className={styles.brand} aria-label={SHELL_TEXT.homeOf(APP_TITLE)}>
          <span className={styles.brandMark} aria-hidden="true" />
          {APP_TITLE}
        </a>
        {extra}
      </header>
      <main className={styles.standaloneBody}>{children}</main>
    </div>
  );
}
