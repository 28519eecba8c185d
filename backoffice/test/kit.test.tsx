// @vitest-environment jsdom
import { useRef, useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@vela/ui/Toast';
import { ApiError } from '../src/api/client';
import { messageOf } from '../src/common/errorText';
import { CheckboxField, type FieldErrors, FormFooter, FormSubmit, useFormSave } from '../src/common/form';
import { TextareaField } from '../src/common/TextareaField';

afterEach(cleanup);

describe('messageOf', () => {
  it('shows the server’s and the browser’s words as they are', () => {
    expect(messageOf(new ApiError('The SKU is taken.', 'graphql-input', 200))).toBe('The SKU is taken.');
    expect(messageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(messageOf('plain')).toBe('plain');
  });
});

/** A form on the kit: one required field; `send` is what saving does. */
function NameForm({ send, readOnly = false }: { send: () => Promise<void>; readOnly?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const { errors, formError, saving, save } = useFormSave(formRef, 'Saved.');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found: FieldErrors = { name: name.trim() ? undefined : 'This field is required' };
        void save(found, send);
      }}
    >
      <label>
        Name
        <input
          name="name"
          value={name}
          aria-invalid={errors.name ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {errors.name && <p>{errors.name}</p>}
      <FormFooter error={formError} saving={saving} readOnly={readOnly} label="Save" />
    </form>
  );
}

function renderForm(send: () => Promise<void>, readOnly = false) {
  return render(
    <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
      <ToastProvider>
        <NameForm send={send} readOnly={readOnly} />
      </ToastProvider>
    </IntlProvider>,
  );
}

describe('the form kit', () => {
  it('checks the fields first and sends nothing while one is wrong', async () => {
    let sent = 0;
    renderForm(async () => {
      sent += 1;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
  });

  it('is busy while saving, then says it worked', async () => {
    let finish: () => void = () => undefined;
    renderForm(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true'));
    finish();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull();
  });

  it('shows a refusal that names a field beside it, and any other above the button', async () => {
    renderForm(async () => {
      throw new ApiError('Name: too long.', 'graphql-input', 200, 'name');
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Name: too long.')).length).toBe(2);
    cleanup();
    renderForm(async () => {
      throw new ApiError('The server cannot be reached.', null, 0);
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server cannot be reached.');
  });

  it('offers no button to read-only users', () => {
    renderForm(async () => undefined, true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('FormSubmit shows the error and takes the button out while saving when asked', () => {
    const { rerender } = render(
      <FormSubmit error="Nope." saving disabledWhileSaving>
        Save changes
      </FormSubmit>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Nope.');
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <FormSubmit error={null} saving readOnly>
        Save changes
      </FormSubmit>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('CheckboxField and TextareaField are labelled and report their values', () => {
    const changes: boolean[] = [];
    render(
      <>
        <CheckboxField name="on" checked={false} onChange={(checked) => changes.push(checked)}>
          Offered at checkout
        </CheckboxField>
        <TextareaField label="Comment" error="Write a comment first." value="" onChange={() => undefined} />
      </>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offered at checkout' }));
    expect(changes).toEqual([true]);
    const area = screen.getByRole('textbox', { name: 'Comment' });
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Write a comment first.',
    );
  });
});
