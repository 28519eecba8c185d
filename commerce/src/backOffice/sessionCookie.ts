// The staff session cookie: never readable by scripts (HttpOnly), never sent over plain HTTP to
// anything but localhost (Secure), never sent with a request another site started
// (SameSite=Strict), and only to the back office's paths.

export const SESSION_COOKIE = 'vela_staff';

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/admin; HttpOnly; Secure; SameSite=Strict`;
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/admin; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;
}

export function sessionTokenOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}
