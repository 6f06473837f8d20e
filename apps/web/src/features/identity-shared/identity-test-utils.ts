import { fireEvent, screen } from '@testing-library/react';
import { expect, type Mock } from 'vitest';

/** The session check at the root finds nobody signed in. */
export const SIGNED_OUT = {
  '/api/auth/session': {
    status: 401,
    body: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue' } },
  },
};

export function apiError(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

/** The JSON bodies the page sent to `path`, oldest first. */
export function sentBodies(fetchMock: Mock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);
}

/** How a code box is labelled with its position, in English and in Hindi. */
export const DIGIT_LABEL = {
  en: (position: number) => `Digit ${position} of 6`,
  hi: (position: number) => `6 में से अंक ${position}`,
};

/** The six code boxes, each labelled with its position. */
export async function findCodeBoxes(digitLabel = DIGIT_LABEL.en): Promise<HTMLInputElement[]> {
  const first = await screen.findByRole('textbox', { name: digitLabel(1) });
  const boxes = [first, ...[2, 3, 4, 5, 6].map((n) => screen.getByLabelText(digitLabel(n)))];
  expect(boxes).toHaveLength(6);
  return boxes as HTMLInputElement[];
}

/** Types one character per box, as a user would. */
export async function typeCode(code: string, digitLabel = DIGIT_LABEL.en) {
  const boxes = await findCodeBoxes(digitLabel);
  [...code].forEach((char, index) => {
    fireEvent.change(boxes[index]!, { target: { value: char } });
  });
}

/** Pastes `text` into the first box. */
export async function pasteCode(text: string) {
  const [first] = await findCodeBoxes();
  fireEvent.paste(first!, { clipboardData: { getData: () => text } });
}
