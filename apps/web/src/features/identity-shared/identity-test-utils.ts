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

/** The six code boxes, each labelled with its position. */
export async function findCodeBoxes(): Promise<HTMLInputElement[]> {
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  const boxes = [first, ...[2, 3, 4, 5, 6].map((n) => screen.getByLabelText(`Digit ${n} of 6`))];
  expect(boxes).toHaveLength(6);
  return boxes as HTMLInputElement[];
}

/** Types one character per box, as a user would. */
export async function typeCode(code: string) {
  const boxes = await findCodeBoxes();
  [...code].forEach((char, index) => {
    fireEvent.change(boxes[index]!, { target: { value: char } });
  });
}

/** Pastes `text` into the first box. */
export async function pasteCode(text: string) {
  const [first] = await findCodeBoxes();
  fireEvent.paste(first!, { clipboardData: { getData: () => text } });
}
