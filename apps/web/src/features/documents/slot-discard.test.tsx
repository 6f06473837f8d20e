import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, listAnswer, makeFile } from './document-test-utils';
import { FILES, FIRST, FIRST_FILE, renderPanel, slot, stubSet } from './panel-test-utils';

const rejected = makeFile('SHORTFALL_INFUSION_PROOF', {
  fileName: 'old.pdf',
  approvalStatus: 'REJECTED',
  approverRemarks: 'Blurred scan',
});

describe('Discard part of a slot', () => {
  it('asks first; Keep it (or Escape) keeps the file', async () => {
    const { fetchMock } = stubSet('client', 'REJECTED', [rejected], {
      [`DELETE ${FIRST_FILE}`]: { status: 204 },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: `Discard ${FIRST}` }));
    const dialog = await screen.findByRole('dialog', { name: `Discard ${FIRST}?` });
    expect(dialog.textContent).toContain("old.pdf leaves this slot, and the approver's remarks");
    expect(dialog.textContent).toContain('use Change');
    // The confirmation holds the keyboard focus.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Discard/ })).toBeNull());

    fireEvent.click(item.getByRole('button', { name: `Discard ${FIRST}` }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: /Discard/ }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Discard/ })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', FIRST_FILE)).toEqual([]);
    expect(item.getByText('old.pdf')).toBeTruthy();
  });

  it('discards once confirmed', async () => {
    const { routes, fetchMock } = stubSet('client', 'REJECTED', [rejected]);
    routes[`DELETE ${FIRST_FILE}`] = () => {
      routes[FILES] = listAnswer([]);
      return { status: 204 };
    };
    const { onChanged } = renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: `Discard ${FIRST}` }));
    const dialog = await screen.findByRole('dialog', { name: `Discard ${FIRST}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', FIRST_FILE)).toHaveLength(1));
    // Said in the panel's own status line, not in a toast over the panel's buttons.
    const panel = screen.getByRole('dialog', { name: /Document uploads/ });
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(`${FIRST} discarded.`),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await (await slot(FIRST)).findByLabelText(`Choose a file for ${FIRST}`)).toBeTruthy();
  });

  it('is not offered while the unit awaits approval', async () => {
    stubSet('client', 'PENDING_APPROVAL', [
      makeFile('SHORTFALL_INFUSION_PROOF', { approvalStatus: 'PENDING_APPROVAL' }),
    ]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: `Change ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: /Mark .* for approval/ })).toBeNull();
    expect(item.queryByLabelText(`Choose a file for ${FIRST}`)).toBeNull();
  });
});
