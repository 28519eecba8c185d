export function StepError({ error }: { error: string | null }) {
  return error ? (
    <p className="bo-inline-error" role="alert">
      {error}
    </p>
  ) : null;
}
