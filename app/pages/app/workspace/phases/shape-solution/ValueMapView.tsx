import { answersANeed, type Fit, type PersonaNeeds } from '#contracts/phases/shape-solution';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

type Need = 'pains' | 'gains';
const NEED_WORD: Record<Need, string> = { pains: 'pain', gains: 'gain' };

/**
 * The value map: the products and services, then each pain reliever and gain creator with the
 * persona's pain or gain it answers. One that answers nothing, or names a need no persona in the
 * memory states now (the persona was edited since), is flagged: the team decides what to do.
 * Without the personas (`personas` undefined), only one that answers nothing is flagged.
 */
export function ValueMapView({
  entry,
  onAccept,
  personas,
}: {
  entry: EntryOf<'value_map'>;
  onAccept?: () => Promise<string | null>;
  personas?: readonly PersonaNeeds[];
}) {
  const { products, relievers, creators } = entry.valueMap;
  return (
    <div className="shape-solution-map">
      <h4 className="shape-solution__heading">Products and services</h4>
      <ul className="shape-solution__list">
        {products.map((product, index) => (
          <li key={index}>{product}</li>
        ))}
      </ul>
      <h4 className="shape-solution__heading">Pain relievers</h4>
      <FitList fits={relievers} need="pains" personas={personas} />
      <h4 className="shape-solution__heading">Gain creators</h4>
      {creators.length === 0 ? <p className="shape-solution__none">None yet.</p> : <FitList fits={creators} need="gains" personas={personas} />}
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted."
        note="Checked what answers each pain and gain? Accept the map to build the Lean Canvas and the pitch on it."
        button="Accept the value map"
      />
    </div>
  );
}

function FitList({ fits, need, personas }: { fits: readonly Fit[]; need: Need; personas?: readonly PersonaNeeds[] }) {
  const word = NEED_WORD[need];
  return (
    <ul className="shape-solution-map__fits">
      {fits.map((fit, index) => {
        const answered = fit.answers !== null && (personas === undefined || answersANeed(fit, need, personas));
        return (
          <li key={index} className={`shape-solution-map__fit${answered ? '' : ' shape-solution-map__fit--unanswered'}`}>
            <p className="shape-solution-map__text">{fit.text}</p>
            {answered && fit.answers ? (
              <p className="shape-solution-map__answers">
                Answers {fit.answers.persona}’s {word}: <q>{fit.answers.text}</q>
              </p>
            ) : (
              <>
                <p className="shape-solution-map__flag">Answers no {word} of a persona</p>
                {fit.answers && (
                  <p className="shape-solution-map__answers">
                    It names {fit.answers.persona}’s <q>{fit.answers.text}</q>, which no persona in the memory states now.
                  </p>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
