/** Frame of the pages shown outside the main layout (/entrance, /link/{data}). */
import type { ReactNode } from 'react';
import { APP_TITLE, useDocumentTitle } from '@/ui/PageFrame';
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
        <a href="/" className={styles.brand} aria-label={`${APP_TITLE}首页`}>
          <span className={styles.brandMark} aria-hidden="true" />
          {APP_TITLE}
        </a>
        {extra}
      </header>
      <main className={styles.standaloneBody}>{children}</main>
    </div>
  );
}
