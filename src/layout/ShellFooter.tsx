/** Footer (SPEC §2): "Powered by" the provider; usage help and new-user guide on the manual app only; feedback. */
import { useLocation } from 'react-router-dom';
import { appForPath } from '@/access';
import { dialogs } from '@/ui/dialogs';
import { useFeedbackOffered } from './TopActions';

export const PROVIDER = { name: '织雀科技', url: 'https://www.example.com/' };

export function ShellFooter() {
  const { pathname } = useLocation();
  const manual = appForPath(pathname) === 'manual';
  const feedback = useFeedbackOffered();
  return (
    <footer className="shell-footer">
      <span>
        Powered by{' '}
        <a href={PROVIDER.url} target="_blank" rel="noopener noreferrer">
          {PROVIDER.name}
        </a>
      </span>
      {manual ? (
        <>
          <button type="button" className="link-button" onClick={() => dialogs.open('guide')}>
            新手引导
          </button>
          <a href="/micro-app-manual/help" className="footer-link">
            使用帮助
          </a>
        </>
      ) : null}
      {feedback ? (
        <button type="button" className="link-button" onClick={() => dialogs.open('feedback')}>
          意见反馈
        </button>
      ) : null}
    </footer>
  );
}
