/**
 * The phase's number and day fields in its editors, each saying what is wrong at the field as the member
 * types, within the contract's bounds (texts use ../LimitedFields.tsx). Saving still checks the contract.
 */

/** A number, empty while the member types; `problem` is said under it. */
export function GrowNumberField({
  id,
  label,
  value,
  onChange,
  problem,
  min,
  max,
  step = 'any',
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  problem?: string | null;
  min?: number;
  max?: number;
  step?: string;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="memory-editor__input"
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={Number.isNaN(value) ? '' : value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      />
      {problem && (
        <p id={`${id}-problem`} className="grow-field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A day (YYYY-MM-DD), picked from the browser's calendar; `problem` is said under it. */
export function GrowDayField({
  id,
  label,
  value,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  problem: string | null;
  onChange: (day: string) => void;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="memory-editor__input"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="grow-field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The first message a schema gives for a value, or null when it passes. */
export function problemOf(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? 'Check this field');
}
