// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLogPage } from '../src/pages/AuditLogPage';
import { ResetPasswordPage } from '../src/pages/ResetPasswordPage';
import { StaffPage } from '../src/pages/StaffPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = (id: string, email: string, role: string) => ({
  id,
  email,
  name: email,
  role,
  secondFactorEnabled: false,
  active: true,
});
const members = [member('1', 'ada@example.com', 'OWNER'), member('2', 'clerk@example.com', 'STAFF')];

describe('staff: roles and password resets', () => {
  it('an owner changes a member’s role and resets their password, seeing the one-time link', async () => {
    const api = fakeApi({
      StaffMembers: () => ({ data: { staffMembers: members } }),
      SetStaffMemberRole: (v) => ({ data: { setStaffMemberRole: { ...members[1], role: v.role } } }),
      ResetStaffMemberPassword: () => ({
        data: {
          resetStaffMemberPassword: { path: '/admin/reset-password#tok3n', expiresAt: '2026-11-28T11:00:00Z' },
        },
      }),
    });
    renderPage(<StaffPage />);
    const role = await screen.findByRole('combobox', { name: 'Role of clerk@example.com' }, { timeout: 5000 });
    // Nothing for one's own account.
    expect(screen.queryByRole('combobox', { name: 'Role of ada@example.com' })).toBeNull();
    fireEvent.change(role, { target: { value: 'VIEWER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the role of clerk@example.com' }));
    await waitFor(() => expect(api.mutations().at(-1)?.variables).toEqual({ id: '2', role: 'VIEWER' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset the password of clerk@example.com' }));
    // The toast said the role changed; the link stays beside the member.
    expect(await screen.findByText(/clerk@example.com is now Viewer/)).toBeTruthy();
    const status = (await screen.findByText(/clerk@example.com is signed out/)).closest('p')!;
    expect(status.textContent).toContain(`${window.location.origin}/admin/reset-password#tok3n`);
  });
});

describe('the audit log filters', () => {
  it('by person, action and days, sent to the server as the filter', async () => {
    const api = fakeApi({
      AuditLog: () => ({
        data: {
          staffMembers: [{ id: '1', email: 'ada@example.com' }],
          auditLog: { items: [], totalCount: 0, page: 1, totalPages: 1 },
        },
      }),
    });
    renderPage(<AuditLogPage />);
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'ada@example.com' })).toBeTruthy());
    fireEvent.change(person, { target: { value: 'cli' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Action/ }), { target: { value: 'catalog' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(api.sent.at(-1)?.variables).toMatchObject({
        filter: { actor: 'cli', action: 'catalog', from: '2026-11-01', to: '2026-11-30' },
      }),
    );
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });
});

describe('the reset link’s page', () => {
  it('sends the fragment’s token with the new password, shows a refusal, then sends to sign-in', async () => {
    window.location.hash = '#tok3n';
    const api = fakeApi({
      CompleteStaffPasswordReset: (v) =>
        v.password === 'short'
          ? { errors: [{ message: 'Use at least 12 characters.', extensions: { category: 'graphql-input' } }] }
          : { data: { completeStaffPasswordReset: true } },
    });
    renderPage(<ResetPasswordPage />);
    const field = await screen.findByLabelText(/New password/);
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'A-brand-new-password-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(api.mutations().at(-1)?.variables).toEqual({ token: 'tok3n', password: 'A-brand-new-password-7' });
    window.location.hash = '';
  });
});
