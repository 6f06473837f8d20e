/* global document */
// The verification page's "check a letter you received": the visitor chooses or drops the PDF they
// hold, the browser hashes it (Web Crypto) and compares it with the issued letter's SHA-256 that
// the page carries. The file never leaves the visitor's device. Served from the portal's own
// origin, as the page's Content-Security-Policy requires; every word it shows comes from the page.
const section = document.getElementById('check');
if (section) {
  const input = document.getElementById('letter-file');
  const zone = document.getElementById('drop-zone');
  const result = document.getElementById('check-result');
  const say = (word, outcome) => {
    result.textContent = section.dataset[word];
    result.className = `result ${outcome ?? ''}`;
  };

  const check = async (file) => {
    if (!file) return;
    say('checking');
    try {
      // Web Crypto needs a secure (https) page; without it the check cannot run here.
      const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
      const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(
        '',
      );
      if (hex === section.dataset.sha256) say('match', 'match');
      else say('mismatch', 'mismatch');
    } catch {
      say('failed', 'mismatch');
    }
  };

  input.addEventListener('change', () => check(input.files[0]));
  // A file dropped anywhere on the page is checked, rather than opened in place of the page.
  document.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  document.addEventListener('dragleave', () => zone.classList.remove('over'));
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    check(event.dataTransfer?.files[0]);
  });
  section.hidden = false;
}
