import { FormSubmit } from '../../common/form';
import { PromotionRuleFields } from './PromotionRuleFields';
import { RuleTargetFields } from './RuleTargetFields';
import { usePromotionSave } from './usePromotionSave';
import { type Draft, type Promotion, draftOf } from './promotionDraft';
import { useRef, useState } from 'react';
import { useStaff } from '../../api/session';
import { useT } from '../../common/useT';
import { m } from './promotionMessages';

export function PromotionForm({
  promotion,
  onSaved,
}: {
  promotion: Promotion | null;
  onSaved: (next: Promotion) => void;
}) {
  const t = useT();
  const me = useStaff();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = promotion === null;
  const currency = promotion?.minSubtotal.currency ?? 'USD';
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const { errors, formError, saving, submit } = usePromotionSave({ promotion, draft, formRef, readOnly, onSaved });

  return (
    <form ref={formRef} className="bo-promotion-form" onSubmit={(e) => void submit(e)} noValidate>
      <PromotionRuleFields
        draft={draft}
        errors={errors}
        set={set}
        readOnly={readOnly}
        creating={creating}
        currency={currency}
      />
      <RuleTargetFields draft={draft} errors={errors} set={set} readOnly={readOnly} />
      <FormSubmit error={formError} saving={saving} readOnly={readOnly}>
        {t(creating ? m.create : m.save)}
      </FormSubmit>
    </form>
  );
}
