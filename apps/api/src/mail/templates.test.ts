import { describe, expect, it } from 'vitest';
import { codeMail, escapeHtml } from './templates.ts';

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

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
