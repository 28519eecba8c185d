import { FileDown } from 'lucide-react';
import { Icon } from '@vela/ui/Icon';
import { useT } from '../../common/useT';
import { f } from './fulfilmentMessages';

// A link that downloads an invoice, packing slip or credit memo as a PDF (a plain GET the
// session cookie authorises; see commerce/src/backOffice/salesDocumentDownload.ts).

const PATHS = { invoice: 'invoice', packingSlip: 'packing-slip', creditMemo: 'credit-memo' } as const;
const NAMES = { invoice: f.invoicePdf, packingSlip: f.packingSlipPdf, creditMemo: f.creditMemoPdf } as const;

export function documentHref(kind: keyof typeof PATHS, number: string): string {
  return `/admin/documents/${PATHS[kind]}/${encodeURIComponent(number)}.pdf`;
}

export function DocumentLink({ kind, number }: { kind: keyof typeof PATHS; number: string }) {
  const t = useT();
  return (
    <a className="bo-document-link" href={documentHref(kind, number)} download aria-label={t(NAMES[kind], { number })}>
      <Icon icon={FileDown} size={16} /> {t(f.pdf)}
    </a>
  );
}

/** "2 × TEE-S, 1 × MUG": what one invoice or shipment holds. */
export function DocumentLines({ lines }: { lines: ReadonlyArray<{ sku: string; quantity: number }> }) {
  const t = useT();
  if (lines.length === 0) return null;
  return (
    <span className="bo-block bo-muted">
      {t(f.documentLines, {
        lines: lines.map((l) => t(f.documentLine, { quantity: l.quantity, sku: l.sku })).join(', '),
      })}
    </span>
  );
}
