/** Footer (SPEC §2): "Powered by" the provider; usage help and new-user guide on the manual app only; feedback. */
import { appForPath, useShellPathname } from '@/access';
import { dialogs } from '@/ui/dialogs';
import { SHELL_TEXT } from '@/constants/texts';
import { routeTo } from '@/constants/routes';
import { useFeedbackOffered } from './TopActions';

export function ShellFooter() {
  const pathname = useShellPathname();
  const manual = appForPath(pathname) === 'manual';
  const feedback = useFeedbackOffered();
  return (
    <footer className="shell-footer">
      <span>
        {SHELL_TEXT.poweredBy}{' '}
        <a href={SHELL_TEXT.provider.url} target="_blank" rel="noopener noreferrer">
          {SHELL_TEXT.provider.name}
        </a>
      </span>
      {manual ? (
        <>
          <button type="button" className="link-button" onClick={() => dialogs.open('guide')}>
            {SHELL_TEXT.guide}
          </button>
          <a href={routeTo.subApp('manual', '/help')} className="footer-link">
            {SHELL_TEXT.usageHelp}
          </a>
        </>
      ) : null}
      {feedback ? (
        <button type="button" className="link-button" onClick={() => dialogs.open('feedback')}>
          {SHELL_TEXT.feedback}
        </button>
      ) : null}
    </footer>
  );
}
