// Keyboard model of the header search, following the WAI-ARIA combobox pattern with a listbox
// popup: focus stays in the input, arrow keys move a virtual cursor (aria-activedescendant)
// over the options, Escape closes the popup, and a second Escape clears the text.

/** Suggestions appear from this many characters on. */
export const MIN_SEARCH_LENGTH = 3;

export interface ComboboxState {
  open: boolean;
  /** Index of the highlighted option; -1 for none (Enter then submits the typed text). */
  active: number;
}

export type ComboboxAction =
  | { type: 'typed'; text: string }
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  | { type: 'first'; count: number }
  | { type: 'last'; count: number }
  | { type: 'hover'; index: number }
  | { type: 'optionsChanged'; count: number }
  | { type: 'close' };

export const initialComboboxState: ComboboxState = { open: false, active: -1 };

export function canSuggest(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'typed':
      // New text invalidates the highlighted option.
      return { open: canSuggest(action.text), active: -1 };
    case 'next':
      if (action.count === 0) return state;
      if (!state.open) return { open: true, active: 0 };
      return { open: true, active: state.active + 1 >= action.count ? 0 : state.active + 1 };
    case 'previous':
      if (action.count === 0) return state;
      if (!state.open) return { open: true, active: action.count - 1 };
      return { open: true, active: state.active <= 0 ? action.count - 1 : state.active - 1 };
    case 'first':
      return state.open && action.count > 0 ? { open: true, active: 0 } : state;
    case 'last':
      return state.open && action.count > 0 ? { open: true, active: action.count - 1 } : state;
    case 'hover':
      return state.open ? { open: true, active: action.index } : state;
    case 'optionsChanged':
      return state.active >= action.count ? { ...state, active: -1 } : state;
    case 'close':
      return state.open || state.active !== -1 ? initialComboboxState : state;
  }
}

export type KeyIntent = ComboboxAction | { type: 'choose'; index: number } | { type: 'clear' } | null;

/**
 * What a key press in the input means. `count` is the number of options in the popup; the
 * component carries out `choose` (follow the option) and `clear` (empty the input).
 * Home/End only move within the list while it is open; otherwise they move the text caret.
 */
export function keyIntent(key: string, state: ComboboxState, count: number, text: string): KeyIntent {
  switch (key) {
    case 'ArrowDown':
      return canSuggest(text) ? { type: 'next', count } : null;
    case 'ArrowUp':
      return canSuggest(text) ? { type: 'previous', count } : null;
    case 'Home':
      return state.open && state.active >= 0 ? { type: 'first', count } : null;
    case 'End':
      return state.open && state.active >= 0 ? { type: 'last', count } : null;
    case 'Enter':
      return state.open && state.active >= 0 && state.active < count ? { type: 'choose', index: state.active } : null;
    case 'Escape':
      return state.open ? { type: 'close' } : text ? { type: 'clear' } : null;
    case 'Tab':
      return state.open ? { type: 'close' } : null;
    default:
      return null;
  }
}
