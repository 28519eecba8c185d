import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper, settleQuantity } from './QuantityStepper';

afterEach(cleanup);

function Harness({
  live = false,
  busy = false,
  max = 5,
  initial = 2,
  log,
}: {
  live?: boolean;
  busy?: boolean;
  max?: number;
  initial?: number;
  log: number[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <QuantityStepper
        value={value}
        max={max}
        live={live}
        busy={busy}
        onChange={(next) => {
          log.push(next);
          setValue(next);
        }}
        label="Quantity of Mug"
        hideLabel
        decreaseLabel="Decrease quantity of Mug"
        increaseLabel="Increase quantity of Mug"
      />
    </IntlProvider>
  );
}

describe('settleQuantity', () => {
  it('keeps the current value for entries that are no positive number and caps at max', () => {
    expect(settleQuantity('', 3, 5)).toBe(3);
    expect(settleQuantity('0', 3, 5)).toBe(3);
    expect(settleQuantity('-2', 3, 5)).toBe(3);
    expect(settleQuantity('4', 3, 5)).toBe(4);
    expect(settleQuantity('2.7', 3, 5)).toBe(2);
    expect(settleQuantity('40', 3, 5)).toBe(5);
  });
});

describe('QuantityStepper', () => {
  it('steps within 1…max and disables the step that would leave the range', () => {
    const log: number[] = [];
    render(<Harness log={log} initial={1} max={2} />);
    const input = screen.getByLabelText('Quantity of Mug') as HTMLInputElement;
    const less = screen.getByRole('button', { name: 'Decrease quantity of Mug' }) as HTMLButtonElement;
    const more = screen.getByRole('button', { name: 'Increase quantity of Mug' }) as HTMLButtonElement;
    expect(less.disabled).toBe(true);
    fireEvent.click(more);
    expect(input.value).toBe('2');
    expect(more.disabled).toBe(true);
    fireEvent.click(less);
    expect(log).toEqual([2, 1]);
  });

  it('sends a typed quantity only once it is finished (blur or Enter) unless live', () => {
    const log: number[] = [];
    render(<Harness log={log} />);
    const input = screen.getByLabelText('Quantity of Mug') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    expect(log).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(log).toEqual([4]);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(input.value).toBe('4');
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.blur(input);
    expect(input.value).toBe('5');
    expect(log).toEqual([4, 5]);
  });

  it('in live mode reports each valid quantity while typing', () => {
    const log: number[] = [];
    render(<Harness log={log} live />);
    const input = screen.getByLabelText('Quantity of Mug') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: '9' } });
    expect(log).toEqual([3]);
    fireEvent.blur(input);
    expect(input.value).toBe('5');
    expect(log).toEqual([3, 5]);
  });

  it('takes no input while busy and says so', () => {
    const log: number[] = [];
    const { container } = render(<Harness log={log} busy />);
    expect((screen.getByLabelText('Quantity of Mug') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Increase quantity of Mug' }) as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
