/**
 * A page's dialog whose code is fetched when it is first wanted, not with the page: the page
 * draws the button that opens it; the dialog (a ModalForm with ProComponents' fields: most of a
 * page's code when the page itself is a description list) is fetched when the pointer rests on
 * the button, when it takes the focus or a touch, and at the latest on the press, which opens it
 * as soon as it is there (the button spins meanwhile), unless the user has moved on to another
 * control by then (it would take the focus from under their typing). A failed fetch says so and
 * is tried again on the next press. Closed, the dialog gives the focus back to its button (its first field took
 * it as it opened, so antd would leave it on the page's body).
 *
 * The dialog's module default-exports a component that takes ModalForm's own controlled props,
 * `open` and `onOpenChange`; the page passes everything else, and draws the button with the
 * props it is given (`trigger`). A form drawn in the button's place (an inline edit) is one too:
 * the trigger is told whether it is open, draws nothing then, and the focus goes back to the
 * button drawn again once it closes.
 */
import { App, type ButtonProps } from 'antd';
import {
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type RefCallback,
} from 'react';
import { TEXT } from '@/constants/texts';
import { returnFocusTo } from './dialogs';

/** ModalForm's controlled props (its `open` and `onOpenChange`), which the dialog receives. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the button that opens the dialog is drawn with. */
type TriggerProps = Required<
  Pick<ButtonProps, 'loading' | 'aria-busy' | 'onClick' | 'onMouseEnter' | 'onFocus' | 'onTouchStart'>
> & {
  /** The button the focus goes back to when the dialog closes (the one drawn then). */
  ref: RefCallback<HTMLElement>;
};

export type LazyDialogProps<P> = P & {
  /**
   * Draws the button that opens the dialog (the page's own, at once) with these props; told
   * whether the dialog is open, for a form drawn in its place.
   */
  trigger: (props: TriggerProps, open: boolean) => ReactElement | null;
};

/** A component that draws the trigger and opens the dialog `load` brings. */
export function lazyDialog<P extends object>(
  load: () => Promise<{ default: ComponentType<P & DialogControl> }>,
): ComponentType<LazyDialogProps<P>> {
  let loading: ReturnType<typeof load> | undefined;
  let loaded = false;
  const fetchDialog = () =>
    (loading ??= load().then(
      (module) => {
        loaded = true;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Rendered only once its module is there, so React never holds on to a failed fetch.
  const Dialog = lazy(fetchDialog);

  function LazyDialog({ trigger, ...props }: LazyDialogProps<P>) {
    const { message } = App.useApp();
    const [open, setOpen] = useState(false);
    // Pressed before the dialog was there: it opens when it comes.
    const [waiting, setWaiting] = useState(false);
    const [ready, setReady] = useState(loaded);
    const openerRef = useRef<HTMLElement | null>(null);
    const closingRef = useRef(false);
    const onOpenChange = (next: boolean) => {
      setOpen(next);
      closingRef.current = !next;
    };
    // Once the closing has been drawn, so that a button drawn again in a form's place is there.
    useEffect(() => {
      if (open || !closingRef.current) return;
      closingRef.current = false;
      if (openerRef.current) returnFocusTo(openerRef.current);
    }, [open]);
    const warm = (opening: boolean) => {
      if (ready) return;
      fetchDialog().then(
        () => {
          setReady(true);
          if (!opening) return;
          setWaiting(false);
          // Still where the press left the user (a tap may leave the focus on the page's body).
          const focused = document.activeElement;
          if (!focused || focused === document.body || focused === openerRef.current) setOpen(true);
        },
        () => {
          if (!opening) return;
          setWaiting(false);
          void message.error(TEXT.networkError);
        },
      );
    };
    return (
      <>
        {trigger(
          {
            ref: (button) => {
              if (button) openerRef.current = button;
            },
            loading: waiting,
            'aria-busy': waiting,
            onMouseEnter: () => warm(false),
            onFocus: () => warm(false),
            onTouchStart: () => warm(false),
            onClick: (event) => {
              openerRef.current = event.currentTarget;
              if (ready) {
                setOpen(true);
                return;
              }
              setWaiting(true);
              warm(true);
            },
          },
          open,
        )}
        {/* Kept once there: closing animates, and a later opening is instant. */}
        {ready ? (
          <Suspense fallback={null}>
            <Dialog {...(props as P)} open={open} onOpenChange={onOpenChange} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return LazyDialog;
}
