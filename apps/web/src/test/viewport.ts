import type { Window as HappyDOMWindow } from 'happy-dom';

const happyDOM = () => (window as unknown as HappyDOMWindow).happyDOM;

/** The test window at the size each test starts with (happy-dom's default): set back by setup.ts. */
export function atDesktopWidth() {
  happyDOM().setViewport({ width: 1024, height: 768 });
}

/**
 * A phone's width for the rest of the test: the window's CSS media queries then match as on a
 * phone (what Mantine's hiddenFrom and visibleFrom use).
 */
export function atPhoneWidth() {
  happyDOM().setViewport({ width: 390, height: 844 });
}
