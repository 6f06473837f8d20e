import {
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type DrawerFactory,
  type ExtendComponent,
  type FactoryPayload,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type ModalFactory,
  type NotificationFactory,
  type PasswordInputFactory,
  type TooltipFactory,
} from '@mantine/core';
import { addMessages, i18n } from './i18n';
import { messages } from './i18n/messages/components';

addMessages(messages);

/** Calm deep teal for actions and links; shade 6 carries white text at 5:1. */
const brand: MantineColorsTuple = [
  '#e6f4f7',
  '#cce6ee',
  '#9bcddc',
  '#66b3c9',
  '#3d9db9',
  '#238fae',
  '#12789a',
  '#0d6a88',
  '#085a74',
  '#034a61',
];

/**
 * The `light` variant writes shade 9 on shade 1. Mantine's yellow and green fail
 * WCAG AA there (2.7:1 and 3.8:1), and they are the NOT_RAISED and APPROVED
 * status colours (docs/product.md#look-and-feel), so their darkest shade is deepened to pass.
 */
function withDarkestShade(color: MantineColorsTuple, darkest: string): MantineColorsTuple {
  return colorsTuple([...color.slice(0, 9), darkest]);
}

/**
 * What `Component.extend` checks, without importing the component: the theme is part of the
 * first page, and Tooltip, Modal and Drawer would bring their positioning and focus code with them.
 */
function extend<Payload extends FactoryPayload>(input: ExtendComponent<Payload>) {
  return input;
}

/**
 * Default props worked out at each render (Mantine calls a `defaultProps` function, which its
 * types do not list), so their labels are in the language on screen.
 */
function propsAtRender<Payload extends FactoryPayload>(
  props: () => Partial<Payload['props']>,
): MantineThemeComponent {
  return { defaultProps: props };
}

/** Mantine's close buttons, named in the language on screen. */
const namedCloseButton = () => ({ closeButtonProps: { 'aria-label': i18n._('components.close') } });

export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand,
    yellow: withDarkestShade(DEFAULT_THEME.colors.yellow, '#7a4a00'),
    green: withDarkestShade(DEFAULT_THEME.colors.green, '#1f6b30'),
  },
  // Filled buttons and badges pick black or white text by luminance; at 0.18 either
  // choice keeps at least 4.5:1 contrast on every shade (docs/product.md#quality: axe-clean).
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Dialogs, drawers and menus open without their transition for people who ask the system for
  // reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    // Icon-only controls on phones: keyboard and touch users need the label too.
    Tooltip: extend<TooltipFactory>({
      defaultProps: { events: { hover: true, focus: true, touch: true } },
    }),
    // Mantine's close buttons are icon-only with no accessible name (axe: button-name), and its
    // password toggle is named in English.
    Modal: propsAtRender<ModalFactory>(namedCloseButton),
    Drawer: propsAtRender<DrawerFactory>(namedCloseButton),
    PasswordInput: propsAtRender<PasswordInputFactory>(() => ({
      visibilityToggleButtonProps: { 'aria-label': i18n._('components.togglePasswordVisibility') },
    })),
    Notification: {
      ...propsAtRender<NotificationFactory>(namedCloseButton),
      // Under a title Mantine greys the message to gray 6 (3.3:1, axe color-contrast).
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Mantine's dimmed text (gray 6) and error red (red 6) are 3.3:1 on white; gray 7 and red 9
 * pass WCAG AA (docs/product.md#quality: axe-clean).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
