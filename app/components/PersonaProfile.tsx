import type { UserPersona } from '#contracts/free-tools';
import { USER_PERSONA as COPY } from '../content/free-tools';
import './PersonaProfile.css';

/** A persona as far as it is known: while it streams, fields appear as the model writes them. */
export type PersonaSoFar = Partial<UserPersona>;

const items = (list: readonly (string | undefined)[] | undefined) => (list ?? []).filter((item): item is string => Boolean(item));

function ListSection({ title, list }: { title: string; list: readonly (string | undefined)[] | undefined }) {
  const shown = items(list);
  if (shown.length === 0) return null;
  return (
    <section className="persona__section">
      <h3 className="persona__heading">{title}</h3>
      <ul className="persona__list">
        {shown.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function TextSection({ title, text }: { title: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <section className="persona__section">
      <h3 className="persona__heading">{title}</h3>
      <p className="persona__text">{text}</p>
    </section>
  );
}

/** The persona card of the user persona generator and of a shared persona. */
export function PersonaProfile({ persona }: { persona: PersonaSoFar }) {
  const traits = items(persona.traits);
  return (
    <article className="persona" aria-label={persona.name ?? COPY.stepTwoHeading}>
      <header className="persona__header">
        {persona.picture ? (
          <img className="persona__picture" src={persona.picture} alt={COPY.pictureAlt(persona.name ?? '')} width="120" height="120" />
        ) : (
          <span className="persona__picture persona__picture--pending" aria-hidden="true" />
        )}
        <div className="persona__identity">
          {persona.name && <h3 className="persona__name">{persona.name}</h3>}
          {traits.length > 0 && (
            <ul className="persona__traits" aria-label={COPY.traits}>
              {traits.map((trait, index) => (
                <li key={index} className="persona__trait">
                  {trait}
                </li>
              ))}
            </ul>
          )}
          {persona.quote && <blockquote className="persona__quote">“{persona.quote}”</blockquote>}
        </div>
      </header>

      <dl className="persona__facts">
        {persona.age !== undefined && (
          <div>
            <dt>{COPY.age}</dt>
            <dd>{persona.age}</dd>
          </div>
        )}
        {persona.occupation && (
          <div>
            <dt>{COPY.occupation}</dt>
            <dd>{persona.occupation}</dd>
          </div>
        )}
      </dl>

      <div className="persona__sections">
        <ListSection title={COPY.where} list={persona.where} />
        <TextSection title={COPY.about} text={persona.narrative_description} />
        <TextSection title={COPY.problem} text={persona.problem} />
        <ListSection title={COPY.pains} list={persona.pains} />
        <ListSection title={COPY.goals} list={persona.goals} />
        <ListSection title={COPY.objections} list={persona.objections} />
      </div>
    </article>
  );
}
