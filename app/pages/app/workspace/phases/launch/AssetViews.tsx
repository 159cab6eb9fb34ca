import { ASSUMPTION } from '#contracts/phases/fields';
import { LAUNCH_LIMITS } from '#contracts/phases/launch';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

type OnAccept = (() => Promise<string | null>) | undefined;

/** A text's length against its community's limit, as the kit shows it: '42/60'. */
function Count({ text, max }: { text: string; max: number }) {
  const length = text.trim().length;
  return (
    <span className={`launch-asset__count${length > max ? ' launch-asset__count--over' : ''}`}>
      {length}/{max}
    </span>
  );
}

/** A labelled text of an asset; a count beside its label when it has a community's limit. */
function Field({ label, children, count }: { label: string; children: React.ReactNode; count?: { text: string; max: number } }) {
  return (
    <div>
      <dt>
        {label}
        {count && (
          <>
            {' '}
            <Count text={count.text} max={count.max} />
          </>
        )}
      </dt>
      <dd className="launch-asset__prose">{children}</dd>
    </div>
  );
}

function Accept({
  entry,
  onAccept,
  what,
}: {
  entry: EntryOf<'landing_copy' | 'product_hunt_kit' | 'show_hn_post' | 'launch_email'>;
  onAccept: OnAccept;
  what: string;
}) {
  return (
    <ArtifactAcceptance
      entry={entry}
      onAccept={onAccept}
      done="Accepted."
      note={`Read it as a stranger would? Accept the ${what} when it says what you mean.`}
      button={`Accept the ${what}`}
    />
  );
}

/** Whose words a benefit uses: a persona or an artifact, or an assumption. */
const wordsOf = (source: string) => (source.trim().toLowerCase() === ASSUMPTION ? 'Assumption: no one said it yet' : `In the words of ${source}`);

/** The landing page's copy: headline, subhead, three benefits with whose words each uses, the call to action and the FAQ. */
export function LandingCopyView({ entry, onAccept }: { entry: EntryOf<'landing_copy'>; onAccept?: OnAccept }) {
  const { copy } = entry;
  return (
    <div className="launch-asset">
      <p className="launch-asset__headline">{copy.headline}</p>
      <p className="launch-asset__subhead">{copy.subhead}</p>
      <dl className="memory-entry__fields">
        <Field label="Benefits">
          <ol className="launch-asset__list">
            {copy.benefits.map((benefit, index) => (
              <li key={index}>
                <p>{benefit.text}</p>
                <p className="launch-asset__source">{wordsOf(benefit.source)}</p>
              </li>
            ))}
          </ol>
        </Field>
        <Field label="Call to action">
          <span className="launch-asset__cta">{copy.callToAction}</span>
        </Field>
        <Field label="FAQ">
          <dl className="launch-asset__faq">
            {copy.faq.map((item, index) => (
              <div key={index}>
                <dt>{item.question}</dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
        </Field>
      </dl>
      <Accept entry={entry} onAccept={onAccept} what="landing copy" />
    </div>
  );
}

/** The Product Hunt kit: name, tagline and description with Product Hunt's limits, the maker's first comment and the gallery's ideas. */
export function ProductHuntKitView({ entry, onAccept }: { entry: EntryOf<'product_hunt_kit'>; onAccept?: OnAccept }) {
  const { kit } = entry;
  return (
    <div className="launch-asset">
      <dl className="memory-entry__fields">
        <Field label="Name" count={{ text: kit.name, max: LAUNCH_LIMITS.productHuntName }}>
          {kit.name}
        </Field>
        <Field label="Tagline" count={{ text: kit.tagline, max: LAUNCH_LIMITS.tagline }}>
          {kit.tagline}
        </Field>
        <Field label="Description" count={{ text: kit.description, max: LAUNCH_LIMITS.description }}>
          {kit.description}
        </Field>
        <Field label="The maker's first comment">{kit.makerComment}</Field>
        <Field label="Gallery ideas">
          <ol className="launch-asset__list">
            {kit.galleryIdeas.map((idea, index) => (
              <li key={index}>{idea}</li>
            ))}
          </ol>
        </Field>
      </dl>
      <Accept entry={entry} onAccept={onAccept} what="Product Hunt kit" />
    </div>
  );
}

/** The Show HN post: its title in Hacker News's form and limit, what it does, why it was made, and what is rough. */
export function ShowHnPostView({ entry, onAccept }: { entry: EntryOf<'show_hn_post'>; onAccept?: OnAccept }) {
  const { post } = entry;
  return (
    <div className="launch-asset">
      <dl className="memory-entry__fields">
        <Field label="Title" count={{ text: post.title, max: LAUNCH_LIMITS.hackerNewsTitle }}>
          {post.title}
        </Field>
        <Field label="What it does">{post.whatItDoes}</Field>
        <Field label="Why">{post.why}</Field>
        <Field label="What is rough">{post.whatIsRough}</Field>
      </dl>
      <Accept entry={entry} onAccept={onAccept} what="Show HN post" />
    </div>
  );
}

/** The launch e-mail: its subject and body. */
export function LaunchEmailView({ entry, onAccept }: { entry: EntryOf<'launch_email'>; onAccept?: OnAccept }) {
  const { email } = entry;
  return (
    <div className="launch-asset">
      <dl className="memory-entry__fields">
        <Field label="Subject">{email.subject}</Field>
        <Field label="Body">{email.body}</Field>
      </dl>
      <Accept entry={entry} onAccept={onAccept} what="launch e-mail" />
    </div>
  );
}
