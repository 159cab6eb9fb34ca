/**
 * Who owns a row of a phase's artifact (a task, a checklist item), chosen among the project's
 * members as the workspace lends them; an owner already named who is no longer a member stays
 * selectable, marked, until a member changes it (the object refuses to save it: checkEdit).
 */

/** A member of the project, or an owner an artifact names. */
export interface Owner {
  userId: string;
  name: string;
}

export interface OwnerChoice extends Owner {
  /** Named by the artifact but no longer a member. */
  gone: boolean;
}

/** The members who can own a row, then owners already named who are not among them. */
export function ownerChoices(members: readonly Owner[], named: readonly Owner[]): OwnerChoice[] {
  const choices = members.map((member) => ({ userId: member.userId, name: member.name, gone: false }));
  const seen = new Set(choices.map((choice) => choice.userId));
  for (const owner of named)
    if (!seen.has(owner.userId)) {
      seen.add(owner.userId);
      choices.push({ userId: owner.userId, name: owner.name, gone: true });
    }
  return choices;
}

export function OwnerField({
  id,
  label,
  owner,
  owners,
  onChange,
}: {
  id: string;
  label: string;
  owner: Owner | null;
  owners: readonly OwnerChoice[];
  onChange: (owner: Owner | null) => void;
}) {
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="memory-editor__input"
        value={owner?.userId ?? ''}
        onChange={(event) => {
          const chosen = owners.find((choice) => choice.userId === event.target.value);
          onChange(chosen ? { userId: chosen.userId, name: chosen.name } : null);
        }}
      >
        <option value="">No owner yet</option>
        {owners.map((choice) => (
          <option key={choice.userId} value={choice.userId}>
            {choice.gone ? `${choice.name} (not a member now)` : choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
