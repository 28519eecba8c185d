import { describe, expect, it } from 'vitest';
import { firstAccountCommand, signInAddress } from '../src/cli/firstAccountHint';

describe('the first-account command in the start message', () => {
  it('carries the port, data folder and database file the shop was started with', () => {
    expect(firstAccountCommand({ PORT: '4000', VAR_DIR: '/srv/shop var', SQLITE_PATH: 'db.sqlite' })).toBe(
      'PORT=4000 VAR_DIR=\'/srv/shop var\' SQLITE_PATH=db.sqlite npm run vela -- admin:create you@example.com --name "Your Name" --role owner --password-stdin',
    );
  });

  it('names PUBLIC_URL rather than the port, and never prints DATABASE_URL', () => {
    const command = firstAccountCommand({
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example.com',
      DATABASE_URL: 'postgres://vela:s3cret@db/vela',
    });
    expect(command).toMatch(/^PUBLIC_URL=https:\/\/shop.example.com npm run vela -- admin:create /);
    expect(command).toContain('(with the same DATABASE_URL as the shop)');
    expect(command).not.toContain('s3cret');
  });

  it('the CLI names the address it was given, and only that', () => {
    expect(signInAddress({ PORT: '4567' }, 'http://localhost:4567')).toBe('http://localhost:4567/admin');
    expect(signInAddress({}, 'http://localhost:3000')).toMatch(/^\/admin on the shop/);
  });
});
