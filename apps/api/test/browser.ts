/**
 * A minimal cookie-keeping HTTP client for flows that cross redirects and hosts on 127.0.0.1
 * (staff sign-on), where `inject` cannot follow a real provider.
 */
export class TestBrowser {
  private cookies = new Map<string, string>();

  cookie(name: string) {
    return this.cookies.get(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects like a browser would, answering the final response and the URL it came from. */
  async follow(
    url: string,
    init: RequestInit = {},
    limit = 15,
  ): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let i = 0; i < limit && response.status >= 300 && response.status < 400; i++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).href;
      response = await this.request(current);
    }
    return { response, url: current };
  }
}
