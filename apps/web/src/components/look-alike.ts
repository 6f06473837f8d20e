import {
  useCallback,
  useMemo,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type RefCallback,
} from 'react';

/** Keys that open a select or a date picker. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** What the user did to the look-alike that the control carries on. */
type Intent = 'none' | 'focus' | 'open';

/** Spread on the look-alike. */
export interface LookAlikeHandlers {
  ref: RefCallback<HTMLElement>;
  onMouseDown: (event: MouseEvent) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onBlur: () => void;
}

/**
 * For a control that loads just after the screen shows, with a look-alike standing in meanwhile
 * (select.tsx, date-picker-input.tsx): what the user did to the look-alike carries over to the
 * control once it is there, so nothing is lost. The control takes the focus the look-alike had,
 * and a click or an opening key on the look-alike opens it. `controlRef` goes on the control,
 * whose ref is the element a click opens.
 */
export function useLookAlike<Control extends HTMLElement>() {
  const intent = useRef<Intent>('none');
  const lookAlikeLeaving = useRef(false);

  const lookAlike = useMemo<LookAlikeHandlers>(
    () => ({
      ref: (element) => {
        lookAlikeLeaving.current = false;
        // Called before the look-alike leaves the page, while it still has the focus it had.
        return () => {
          lookAlikeLeaving.current = true;
          if (intent.current === 'none' && element === document.activeElement) {
            intent.current = 'focus';
          }
        };
      },
      // A press the control arrives during ends on it, and its click is lost: the press counts.
      onMouseDown: (event) => {
        if (event.button === 0) intent.current = 'open';
      },
      onClick: () => {
        intent.current = 'open';
      },
      onKeyDown: (event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        intent.current = 'open';
      },
      // Moving on from the look-alike drops the intent; its own leaving the page does not.
      onBlur: () => {
        if (!lookAlikeLeaving.current) intent.current = 'none';
      },
    }),
    [],
  );

  const controlRef = useCallback((control: Control | null) => {
    const wanted = intent.current;
    if (!control || wanted === 'none') return;
    intent.current = 'none';
    control.focus();
    if (wanted === 'open') control.click();
  }, []);

  return { lookAlike, controlRef };
}
