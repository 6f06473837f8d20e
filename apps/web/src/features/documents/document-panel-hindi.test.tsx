import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '../../api/client';
import { setLanguage } from '../../i18n';
import { actorLabel, formatDateTime } from './attribution';
import { unitSetRef } from './document-set-ref';
import { makeFile } from './document-test-utils';
import {
  FIRST,
  fullSet,
  HISTORY,
  renderPanel,
  REVOKED_EVENT,
  slot,
  stubSet,
} from './panel-test-utils';
import { documentErrorMessage } from './upload';

afterEach(() => setLanguage('en'));

/** The open slot's panel (the helpers' `slot` finds by an English-only name pattern). */
const openSlot = async (label: string) =>
  within(await screen.findByRole('region', { name: new RegExp(`^${label}`) }));

describe('the document panel in Hindi', () => {
  it('shows a borrower the panel, an empty slot and its upload in Hindi', async () => {
    setLanguage('hi');
    stubSet('client', 'NOT_RAISED', [makeFile('CUSTOMER_LEDGER')]);
    renderPanel();
    expect(await screen.findByRole('dialog', { name: /दस्तावेज़ अपलोड/ })).toBeTruthy();
    expect(
      await screen.findByText('अनुमोदन के लिए भेजने से पहले कृपया नीचे दिए गए ज़रूरी दस्तावेज़ अपलोड करें।'),
    ).toBeTruthy();
    expect(screen.getByText('स्थिति:')).toBeTruthy();
    const empty = await openSlot(FIRST);
    expect(empty.getByText('फ़ाइल यहाँ खींचकर छोड़ें या चुनने के लिए क्लिक करें')).toBeTruthy();
    expect(empty.getByLabelText('ऋणी की टिप्पणी')).toBeTruthy();
    expect(empty.getByRole('button', { name: `${FIRST} अपलोड करें` }).textContent).toBe('अपलोड करें');
    expect(screen.getAllByText('फ़ाइल नहीं').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'इतिहास' })).toBeTruthy();
  });

  it('names the slots in Hindi when the unit is opened in Hindi', async () => {
    setLanguage('hi');
    stubSet('client', 'NOT_RAISED', []);
    renderPanel({
      setRef: unitSetRef({
        key: 'UNIT-1',
        name: 'Flat A-101',
        projectKey: 'PRJ-1',
        selectedNoc: 'Final',
      }),
    });
    const kyc = await slot('आवेदक का KYC');
    expect(kyc.getByRole('button', { name: 'आवेदक का KYC अपलोड करें' })).toBeTruthy();
    expect(screen.getByText('शॉर्टफ़ॉल भरपाई का प्रमाण')).toBeTruthy();
    expect(screen.getByText('अंतिम NOC अनुरोध')).toBeTruthy();
    expect(screen.queryByText('KYC Applicant')).toBeNull();
  });

  it('offers the submit to the checker in Hindi once the set is ready', async () => {
    setLanguage('hi');
    stubSet('client', 'REJECTED', fullSet('APPROVED', { OTHER: 'NOT_RAISED' }));
    renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'चेकर को भेजें' }));
    expect(bar.getByText(/सभी दस्तावेज़ आ गए हैं। यह यूनिट चेकर को भेजें/)).toBeTruthy();
    expect(bar.getByRole('checkbox', { name: 'कृपया अपने चयन की पुष्टि करें।' })).toBeTruthy();
    expect(bar.getByRole('button', { name: 'चेकर को भेजें' })).toHaveProperty('disabled', true);
  });

  it('gives a checker the review and the final Submit in Hindi', async () => {
    setLanguage('hi');
    stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED', { OTHER: 'PENDING_APPROVAL' }));
    renderPanel();
    const pending = await openSlot('Other');
    expect(pending.getByLabelText('अनुमोदक की टिप्पणी')).toBeTruthy();
    expect(pending.getByText('अस्वीकार करने का कारण')).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Other अनुमोदित करें' }).textContent).toBe(
      'अनुमोदित करें',
    );
    expect(pending.getByRole('button', { name: 'Other अस्वीकार करें' })).toBeTruthy();
  });

  it('asks for the final review in Hindi, with the computed outcome', async () => {
    setLanguage('hi');
    stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED', { KYC_APPLICANT: 'REJECTED' }));
    renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'अंतिम समीक्षा' }));
    expect(bar.getByText(/एक दस्तावेज़ अस्वीकार हुआ है, इसलिए भेजने पर यह यूनिट/)).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'भेजें' }));
    const confirm = within(await screen.findByRole('dialog', { name: /की समीक्षा भेजें\?/ }));
    expect(confirm.getByText(/यह यूनिट अस्वीकृत होगी: 1 दस्तावेज़ अस्वीकार हुआ/)).toBeTruthy();
    expect(confirm.getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
  });

  it('says the NOC letter is being prepared, in Hindi', async () => {
    setLanguage('hi');
    stubSet('client', 'APPROVED', fullSet('APPROVED'));
    renderPanel();
    expect(await screen.findByText('NOC पत्र तैयार हो रहा है…')).toBeTruthy();
  });

  it("tells of the unit's NOC letter revoked, in Hindi", async () => {
    setLanguage('hi');
    stubSet('client', 'APPROVED', fullSet('APPROVED'), {
      [HISTORY]: { status: 200, body: { events: [REVOKED_EVENT] } },
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'इतिहास' }));
    const timeline = within(await screen.findByRole('region', { name: 'इतिहास' }));
    expect(
      await timeline.findByText(
        'NOC पत्र NOC-7K2M-9QXP-4RTB-1VWC रद्द किया: “Issued against the wrong buyer”',
      ),
    ).toBeTruthy();
    expect(timeline.getByText(/asha \(एडमिन\)/).textContent).toContain('20 मार्च 2026, 10:15');
  });

  it('writes dates, roles and refusals in Hindi, numbers in Latin digits', () => {
    setLanguage('hi');
    expect(formatDateTime('2026-11-22T08:35:00.000Z')).toBe('22 नवंबर 2026, 14:05');
    expect(actorLabel({ username: 'priya', role: 'approver' })).toBe('priya (अनुमोदक)');
    expect(documentErrorMessage(new ApiError(413, 'TOO_LARGE', ''))).toBe(
      'यह फ़ाइल अपलोड के लिए बहुत बड़ी है। छोटी फ़ाइल चुनें, या इसे कंप्रेस करें या हिस्सों में बाँटें।',
    );
    setLanguage('en');
    expect(formatDateTime('2026-11-22T08:35:00.000Z')).toBe('22 Nov 2026, 14:05');
  });
});
