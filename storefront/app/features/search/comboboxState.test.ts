import { describe, expect, it } from 'vitest';
import { type ComboboxState, comboboxReducer, initialComboboxState, keyIntent } from './comboboxState';

const open = (active = -1): ComboboxState => ({ open: true, active });

describe('comboboxReducer', () => {
  it('opens only from three characters and resets the highlight when typing', () => {
    expect(comboboxReducer(initialComboboxState, { type: 'typed', text: 'te' })).toEqual({ open: false, active: -1 });
    expect(comboboxReducer(open(2), { type: 'typed', text: 'tee' })).toEqual({ open: true, active: -1 });
    expect(comboboxReducer(open(2), { type: 'typed', text: '  t ' })).toEqual({ open: false, active: -1 });
  });

  it('moves down through the options and wraps to the first', () => {
    let state = open();
    state = comboboxReducer(state, { type: 'next', count: 3 });
    expect(state.active).toBe(0);
    state = comboboxReducer(state, { type: 'next', count: 3 });
    state = comboboxReducer(state, { type: 'next', count: 3 });
    expect(state.active).toBe(2);
    expect(comboboxReducer(state, { type: 'next', count: 3 }).active).toBe(0);
  });

  it('moves up and wraps to the last', () => {
    expect(comboboxReducer(open(), { type: 'previous', count: 3 }).active).toBe(2);
    expect(comboboxReducer(open(0), { type: 'previous', count: 3 }).active).toBe(2);
    expect(comboboxReducer(open(2), { type: 'previous', count: 3 }).active).toBe(1);
  });

  it('reopens a closed popup on the first or last option', () => {
    expect(comboboxReducer(initialComboboxState, { type: 'next', count: 4 })).toEqual(open(0));
    expect(comboboxReducer(initialComboboxState, { type: 'previous', count: 4 })).toEqual(open(3));
  });

  it('does nothing without options', () => {
    expect(comboboxReducer(open(), { type: 'next', count: 0 })).toEqual(open());
  });

  it('drops a highlight that no longer exists when the options change', () => {
    expect(comboboxReducer(open(4), { type: 'optionsChanged', count: 2 })).toEqual(open(-1));
    expect(comboboxReducer(open(1), { type: 'optionsChanged', count: 2 })).toEqual(open(1));
  });

  it('jumps to first and last, follows the pointer and closes', () => {
    expect(comboboxReducer(open(1), { type: 'first', count: 5 }).active).toBe(0);
    expect(comboboxReducer(open(1), { type: 'last', count: 5 }).active).toBe(4);
    expect(comboboxReducer(open(1), { type: 'hover', index: 3 }).active).toBe(3);
    expect(comboboxReducer(open(1), { type: 'close' })).toEqual(initialComboboxState);
  });
});

describe('keyIntent', () => {
  it('maps arrows to moves once there is enough text', () => {
    expect(keyIntent('ArrowDown', open(), 3, 'tee')).toEqual({ type: 'next', count: 3 });
    expect(keyIntent('ArrowUp', open(), 3, 'tee')).toEqual({ type: 'previous', count: 3 });
    expect(keyIntent('ArrowDown', initialComboboxState, 3, 'te')).toBeNull();
  });

  it('chooses the highlighted option on Enter, and lets the form submit otherwise', () => {
    expect(keyIntent('Enter', open(1), 3, 'tee')).toEqual({ type: 'choose', index: 1 });
    expect(keyIntent('Enter', open(-1), 3, 'tee')).toBeNull();
    expect(keyIntent('Enter', initialComboboxState, 3, 'tee')).toBeNull();
  });

  it('closes on the first Escape and clears the text on the second', () => {
    expect(keyIntent('Escape', open(0), 3, 'tee')).toEqual({ type: 'close' });
    expect(keyIntent('Escape', initialComboboxState, 3, 'tee')).toEqual({ type: 'clear' });
    expect(keyIntent('Escape', initialComboboxState, 0, '')).toBeNull();
  });

  it('keeps Home and End for the caret until an option is highlighted', () => {
    expect(keyIntent('Home', open(-1), 3, 'tee')).toBeNull();
    expect(keyIntent('End', open(1), 3, 'tee')).toEqual({ type: 'last', count: 3 });
  });
});
