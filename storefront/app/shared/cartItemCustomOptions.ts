// A cart line's custom options (Magento's SelectedCustomizableOption) as "Engraving: ADA" pairs:
// a picked value shows its label, a text or date what the shopper entered.

interface SelectedCustomizableOptionLike {
  customizable_option_uid: string;
  label: string;
  values: ReadonlyArray<{ label: string; value: string } | null>;
}

export function customOptionPairs(item: {
  customizable_options?: ReadonlyArray<SelectedCustomizableOptionLike | null> | null;
}): Array<{ uid: string; label: string; value: string }> {
  return (item.customizable_options ?? []).flatMap((option) =>
    option
      ? [
          {
            uid: option.customizable_option_uid,
            label: option.label,
            value: option.values.flatMap((v) => (v ? [v.label || v.value] : [])).join(', '),
          },
        ]
      : [],
  );
}
