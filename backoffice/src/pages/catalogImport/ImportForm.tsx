import { type FormEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { m } from './importMessages';
import { formatUploadLimit, useImportLimits } from './useImportLimits';

/** The CSV file (required, checked here first), its images, and whether to only check it. */
export function ImportForm({
  busy,
  onStart,
}: {
  busy: boolean;
  onStart: (file: File, images: File[], dryRun: boolean) => Promise<void>;
}) {
  const intl = useIntl();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [dryRun, setDryRun] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const maxUploadBytes = useImportLimits();
  const limit = maxUploadBytes === null ? null : formatUploadLimit(intl, maxUploadBytes);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const uploaded = (file?.size ?? 0) + images.reduce((sum, image) => sum + image.size, 0);
    const tooLarge = maxUploadBytes !== null && uploaded > maxUploadBytes;
    const problem = !file
      ? m.fileMissing
      : !/\.csv$/i.test(file.name)
        ? m.fileNotCsv
        : tooLarge
          ? m.fileTooLarge
          : null;
    if (problem || !file) {
      // Refused here, before anything is sent: the field says why, and focus moves to it.
      setFileError(intl.formatMessage(problem ?? m.fileMissing, { limit }));
      fileRef.current?.focus();
      return;
    }
    setFileError(null);
    await onStart(file, images, dryRun);
  };

  return (
    <form className="bo-card bo-subform" onSubmit={submit} noValidate>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-file`} className={fieldStyles.label}>
          {intl.formatMessage(m.file)}
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        </label>
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {intl.formatMessage(m.fileHint)}
          {limit !== null && ` ${intl.formatMessage(m.uploadLimit, { limit })}`}
        </p>
        <input
          ref={fileRef}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          className={`${fieldStyles.control} bo-file`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
        />
        {fileError && (
          <p id={`${id}-error`} className={fieldStyles.error}>
            {fileError}
          </p>
        )}
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-images`} className={fieldStyles.label}>
          {intl.formatMessage(m.images)}
        </label>
        <p id={`${id}-images-hint`} className={fieldStyles.hint}>
          {intl.formatMessage(m.imagesHint)}
        </p>
        <input
          id={`${id}-images`}
          name="images"
          type="file"
          accept="image/*"
          multiple
          className={`${fieldStyles.control} bo-file`}
          aria-describedby={`${id}-images-hint`}
          onChange={(event) => setImages([...(event.target.files ?? [])])}
        />
      </div>
      <label className="bo-check">
        <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        {intl.formatMessage(m.dryRun)}
      </label>
      <Button type="submit" busy={busy}>
        {intl.formatMessage(dryRun ? m.check : m.import)}
      </Button>
    </form>
  );
}
