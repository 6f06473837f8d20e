import { describe, expect, it } from 'vitest';
import {
  codeMail,
  decidedMail,
  escapeHtml,
  monitoringReminderMail,
  reopenedMail,
  statementReadyMail,
  submittedMail,
} from './templates.ts';

describe('codeMail', () => {
  it('writes the sign-up code mail in text and HTML, the code in large type', () => {
    const mail = codeMail({ purpose: 'signup', code: '042917', name: 'Asha Mehta' });
    expect(mail.subject).toBe('Your Borrower Portal verification code');
    expect(mail.text).toContain('Hello Asha Mehta,');
    expect(mail.text).toMatch(/^ {4}042917$/m);
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toMatch(/font-size:36px[^>]*>042917<\/p>/);
    expect(mail.html).toContain('expires in 10 minutes');
    expect(mail).not.toHaveProperty('to');
  });

  it('writes the password-reset mail', () => {
    const mail = codeMail({ purpose: 'password_reset', code: '123456', name: 'Ravi' });
    expect(mail.subject).toBe('Reset your Borrower Portal password');
    expect(mail.text).toContain('reset your Borrower Portal password');
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('>123456</p>');
  });

  it('escapes the name in HTML and greets plainly without one', () => {
    const mail = codeMail({ purpose: 'signup', code: '123456', name: '<img src=x> & "Co"' });
    expect(mail.html).toContain('Hello &lt;img src=x&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Hello <img src=x> & "Co",');

    expect(codeMail({ purpose: 'signup', code: '123456', name: null }).text).toMatch(/^Hello,$/m);
    expect(codeMail({ purpose: 'signup', code: '123456', name: '  ' }).text).toMatch(/^Hello,$/m);
  });

  it('refuses anything but a six-digit code', () => {
    expect(() => codeMail({ purpose: 'signup', code: '12345' })).toThrow();
    expect(() => codeMail({ purpose: 'signup', code: '<b>12</b>' })).toThrow();
  });
});

const UNIT = {
  kind: 'unit' as const,
  label: 'Green Acres · Tower A · Unit A-101',
  url: 'https://portal.example/unitstatus?status=REJECTED&project=PRJ%201&unit=U-1',
};
const FREQUENCY = {
  kind: 'frequency' as const,
  label: 'Receivables of Tower A · Monthly, March 2026',
  url: 'https://portal.example/collateralchecker?status=PENDING_APPROVAL&collateral=C-1&frequency=f-1',
};

describe('notices about units and frequencies', () => {
  it('tells the checkers what was submitted, by whom, with the link that opens it', () => {
    const mail = submittedMail({
      ...FREQUENCY,
      accountName: 'Green Acres Developers',
      accountId: 'ACC1',
    });
    expect(mail.subject).toBe('For your review: Receivables of Tower A · Monthly, March 2026');
    expect(mail.text).toContain(
      'Green Acres Developers (account ACC1) submitted the documents of Receivables of Tower A · Monthly, March 2026 for approval.',
    );
    expect(mail.text).toContain(`Review it in the Collateral Checker: ${FREQUENCY.url}`);
    expect(mail.html).toContain(`href="${escapeHtml(FREQUENCY.url)}"`);
    expect(mail.text).toMatch(/^Hello,$/m);
  });

  it('names the unit in a rejection, lists each reason, and links to fixing it', () => {
    const mail = decidedMail({
      ...UNIT,
      name: 'Asha Mehta',
      outcome: 'REJECTED',
      rejected: ['Customer Ledger: Unreadable scan'],
    });
    expect(mail.subject).toBe('Rejected: Green Acres · Tower A · Unit A-101');
    expect(mail.text).toContain('Hello Asha Mehta,');
    expect(mail.text).toContain('rejected documents of Green Acres · Tower A · Unit A-101.');
    expect(mail.text).toContain('  - Customer Ledger: Unreadable scan');
    expect(mail.text).toContain(`Fix it in Unit Status: ${UNIT.url}`);
    expect(mail.html).toContain('<li>Customer Ledger: Unreadable scan</li>');
    expect(mail.html).toContain('&amp;project=PRJ%201&amp;unit=U-1');
  });

  it('names the item in an approval and a reopening', () => {
    const approved = decidedMail({ ...UNIT, name: null, outcome: 'APPROVED', rejected: [] });
    expect(approved.subject).toBe('Approved: Green Acres · Tower A · Unit A-101');
    expect(approved.text).toContain(
      'approved the documents of Green Acres · Tower A · Unit A-101.',
    );
    expect(approved.text).toContain(`Open it in Unit Status: ${UNIT.url}`);
    const reopened = reopenedMail({ ...FREQUENCY, name: 'Asha' });
    expect(reopened.subject).toBe('Reopened: Receivables of Tower A · Monthly, March 2026');
    expect(reopened.text).toContain('Open it in Collateral Status');
  });

  it('names the loan a ready statement belongs to', () => {
    const mail = statementReadyMail({
      name: 'Asha',
      loanName: 'Construction Finance',
      url: 'https://portal.example/x',
    });
    expect(mail.subject).toBe('Your loan statement for Construction Finance is ready');
    expect(mail.text).toContain('Download your statement: https://portal.example/x');
  });

  it('escapes names taken from lender data in HTML', () => {
    const mail = decidedMail({
      ...UNIT,
      label: 'Acres <b>1</b> · Tower "A" · Unit 1',
      name: null,
      outcome: 'APPROVED',
      rejected: [],
    });
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).toContain('Acres &lt;b&gt;1&lt;/b&gt; · Tower &quot;A&quot; · Unit 1');
  });
});

describe('e-mails in Hindi', () => {
  it('writes a code mail in Hindi, the code and its lifetime unchanged', () => {
    const mail = codeMail({ purpose: 'signup', code: '042917', name: 'Asha', language: 'hi' });
    expect(mail.subject).toBe('आपका ऋणी पोर्टल सत्यापन कोड');
    expect(mail.text).toMatch(/^नमस्ते Asha,$/m);
    expect(mail.text).toContain('    042917');
    expect(mail.text).toContain('यह कोड 10 मिनट में समाप्त हो जाएगा।');
    expect(mail.html).toContain('<html lang="hi">');
  });

  it('writes a rejection in Hindi, the lender’s names and the reasons as given', () => {
    const mail = decidedMail({
      ...UNIT,
      language: 'hi',
      name: 'Asha',
      outcome: 'REJECTED',
      rejected: ['Sale Deed: दस्तावेज़ पर हस्ताक्षर नहीं हैं. Page 2 missing'],
    });
    expect(mail.subject).toBe(`अस्वीकृत: ${UNIT.label}`);
    expect(mail.text).toContain(`ऋणदाता के चेकर ने ${UNIT.label} के कुछ दस्तावेज़ अस्वीकृत किए हैं।`);
    expect(mail.text).toContain('  - Sale Deed: दस्तावेज़ पर हस्ताक्षर नहीं हैं. Page 2 missing');
    expect(mail.text).toContain(`यूनिट की स्थिति में सुधारें: ${UNIT.url}`);
  });

  it('counts overdue days in either language', () => {
    const reminder = {
      name: null,
      label: 'Receivables',
      dueDate: '15 Apr 2026',
      url: 'https://p/x',
    };
    expect(monitoringReminderMail({ ...reminder, daysOverdue: 1 }).text).toContain(
      'were due on 15 Apr 2026 and are 1 day overdue.',
    );
    expect(monitoringReminderMail({ ...reminder, daysOverdue: 3 }).text).toContain(
      'are 3 days overdue.',
    );
    expect(monitoringReminderMail({ ...reminder, daysOverdue: 3, language: 'hi' }).subject).toBe(
      'अतिदेय: Receivables का मॉनिटरिंग पैक',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
