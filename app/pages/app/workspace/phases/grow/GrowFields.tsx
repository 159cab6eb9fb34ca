/**
 * The phase's fields in its editors, each saying what is wrong at the field as the member types:
 * a text with its limit, a number with the contract's bounds. Saving still checks the contract.
 */

/** What a text's note says: its length against its limit, or how much to cut. */
export function limitText(length: number, max: number): string {
  return length > max ? `${length - max} ${length - max === 1 ? 'character' : 'characters'} too long: at most ${max}.` : `${length} of ${max} characters`;
}

/** A text with its limit shown under it. */
export function GrowTextField({
  id,
  label,
  value,
  onChange,
  max,
  rows,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  rows?: number;
}) {
  const length = value.trim().length;
  const over = length > max;
  const shared = { id, className: 'memory-editor__input', value, 'aria-describedby': `${id}-limit`, 'aria-invalid': over || undefined };
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={`${id}-limit`} className={`grow-limit${over ? ' grow-field-error' : ''}`}>
        {limitText(length, max)}
      </p>
    </div>
  );
}

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

/** The first message a schema gives for a value, or null when it passes. */
export function problemOf(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? 'Check this field');
}
