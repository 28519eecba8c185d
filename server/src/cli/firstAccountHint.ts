// The start message tells how to make the first back-office account. The command only works when
// it reaches the same database and names the same address as the running shop, so it carries the
// settings the shop was started with; DATABASE_URL may hold a password and is never printed.

const ADDRESS_AND_DATA = ['PUBLIC_URL', 'PORT', 'VAR_DIR', 'SQLITE_PATH'] as const;

/** `admin:create` as this shop's operator must type it, with the settings it needs. */
export function firstAccountCommand(env: NodeJS.ProcessEnv): string {
  const settings = ADDRESS_AND_DATA.filter((name) => {
    const value = env[name];
    // PORT=0 picks a free port: the command cannot name it, and PUBLIC_URL already says where.
    if (!value || (name === 'PORT' && (value === '0' || env.PUBLIC_URL))) return false;
    return true;
  }).map((name) => `${name}=${shellWord(env[name] ?? '')} `);
  const sameDatabase = env.DATABASE_URL ? ' (with the same DATABASE_URL as the shop)' : '';
  return `${settings.join('')}npm run vela -- admin:create you@example.com --name "Your Name" --role owner --password-stdin${sameDatabase}`;
}

/** Where the command says to sign in: only an address it can know. */
export function signInAddress(env: NodeJS.ProcessEnv, publicUrl: string): string {
  if (env.PUBLIC_URL || (env.PORT && env.PORT !== '0')) return `${publicUrl}/admin`;
  return `/admin on the shop (${publicUrl}/admin when it runs on the default port)`;
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
