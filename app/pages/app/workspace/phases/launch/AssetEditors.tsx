import { LAUNCH_LIMITS, SHOW_HN_TITLE, type LandingCopy, type LaunchEmail, type ProductHuntKit, type ShowHnPost } from '#contracts/phases/launch';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { ItemsField, LimitedLinesField, LimitedTextField } from '../LimitedFields';

/**
 * The launch assets as members edit them: each field with its limit shown as it is typed, the
 * communities' own limits named as theirs. Saving checks the contract, which names the field.
 */

/** Limits of the assets' fields that the contract writes inline (contracts/phases/launch.ts). */
const TEXT_LIMITS = { source: 160, question: 200, answer: 600, idea: 200, postPart: 600 } as const;

type FaqItem = LandingCopy['faq'][number];

function LandingCopyFields({ id, fields, onChange }: ArtifactEditorProps<LandingCopy>) {
  const set =
    <Key extends keyof LandingCopy>(key: Key) =>
    (value: LandingCopy[Key]) =>
      onChange({ ...fields, [key]: value });
  const setBenefit = (index: number, patch: Partial<LandingCopy['benefits'][number]>) =>
    set('benefits')(fields.benefits.map((benefit, at) => (at === index ? { ...benefit, ...patch } : benefit)));
  return (
    <>
      <LimitedTextField id={`${id}-headline`} label="Headline" max={LAUNCH_LIMITS.headline} value={fields.headline} onChange={set('headline')} />
      <LimitedTextField id={`${id}-subhead`} label="Subhead" rows={2} max={LAUNCH_LIMITS.subhead} value={fields.subhead} onChange={set('subhead')} />
      <fieldset className="artifact-editor__group">
        <legend>Benefits</legend>
        <p className="artifact-editor__hint">Exactly three, each in a persona's own words: name whose, as “Persona: Sam Rivera”, or write “assumption”.</p>
        <ol className="limited-field__items">
          {fields.benefits.map((benefit, index) => (
            <li key={index} className="limited-field__item">
              <LimitedTextField
                id={`${id}-benefit-${index}`}
                label={`Benefit ${index + 1}`}
                rows={2}
                max={LAUNCH_LIMITS.benefit}
                value={benefit.text}
                onChange={(text) => setBenefit(index, { text })}
              />
              <LimitedTextField
                id={`${id}-benefit-${index}-source`}
                label={`Benefit ${index + 1}, whose words`}
                max={TEXT_LIMITS.source}
                value={benefit.source}
                onChange={(source) => setBenefit(index, { source })}
              />
            </li>
          ))}
        </ol>
      </fieldset>
      <LimitedTextField id={`${id}-cta`} label="Call to action" max={LAUNCH_LIMITS.callToAction} value={fields.callToAction} onChange={set('callToAction')} />
      <ItemsField<FaqItem>
        label="FAQ"
        items={fields.faq}
        onChange={set('faq')}
        blank={() => ({ question: '', answer: '' })}
        min={1}
        max={LAUNCH_LIMITS.faq}
        itemLabel={(index) => `Question and answer ${index + 1}`}
        addLabel="Add a question"
        renderItem={(item, index, change) => (
          <>
            <LimitedTextField
              id={`${id}-faq-${index}`}
              label={`Question ${index + 1}`}
              max={TEXT_LIMITS.question}
              value={item.question}
              onChange={(question) => change({ ...item, question })}
            />
            <LimitedTextField
              id={`${id}-faq-${index}-answer`}
              label={`Question ${index + 1}, answer`}
              rows={2}
              max={TEXT_LIMITS.answer}
              value={item.answer}
              onChange={(answer) => change({ ...item, answer })}
            />
          </>
        )}
      />
    </>
  );
}

function ProductHuntKitFields({ id, fields, onChange }: ArtifactEditorProps<ProductHuntKit>) {
  const set =
    <Key extends keyof ProductHuntKit>(key: Key) =>
    (value: ProductHuntKit[Key]) =>
      onChange({ ...fields, [key]: value });
  return (
    <>
      <LimitedTextField id={`${id}-name`} label="Name" rule="Product Hunt" max={LAUNCH_LIMITS.productHuntName} value={fields.name} onChange={set('name')} />
      <LimitedTextField id={`${id}-tagline`} label="Tagline" rule="Product Hunt" max={LAUNCH_LIMITS.tagline} value={fields.tagline} onChange={set('tagline')} />
      <LimitedTextField
        id={`${id}-description`}
        label="Description"
        rule="Product Hunt"
        rows={4}
        max={LAUNCH_LIMITS.description}
        value={fields.description}
        onChange={set('description')}
      />
      <LimitedTextField
        id={`${id}-maker`}
        label="The maker's first comment"
        rows={5}
        max={LAUNCH_LIMITS.makerComment}
        value={fields.makerComment}
        onChange={set('makerComment')}
      />
      <LimitedLinesField
        id={`${id}-gallery`}
        label="Gallery ideas"
        min={1}
        max={LAUNCH_LIMITS.galleryIdeas}
        lineChars={TEXT_LIMITS.idea}
        lines={fields.galleryIdeas}
        onChange={set('galleryIdeas')}
      />
    </>
  );
}

function ShowHnPostFields({ id, fields, onChange }: ArtifactEditorProps<ShowHnPost>) {
  const set =
    <Key extends keyof ShowHnPost>(key: Key) =>
    (value: ShowHnPost[Key]) =>
      onChange({ ...fields, [key]: value });
  const title = fields.title.trim();
  return (
    <>
      <LimitedTextField
        id={`${id}-post-title`}
        label="Post title"
        rule="Hacker News"
        max={LAUNCH_LIMITS.hackerNewsTitle}
        value={fields.title}
        problem={title && !SHOW_HN_TITLE.test(title) ? 'A Show HN title reads “Show HN: X – Y”' : null}
        onChange={set('title')}
      />
      <LimitedTextField id={`${id}-does`} label="What it does" rows={3} max={TEXT_LIMITS.postPart} value={fields.whatItDoes} onChange={set('whatItDoes')} />
      <LimitedTextField id={`${id}-why`} label="Why" rows={3} max={TEXT_LIMITS.postPart} value={fields.why} onChange={set('why')} />
      <LimitedTextField id={`${id}-rough`} label="What is rough" rows={3} max={TEXT_LIMITS.postPart} value={fields.whatIsRough} onChange={set('whatIsRough')} />
    </>
  );
}

function LaunchEmailFields({ id, fields, onChange }: ArtifactEditorProps<LaunchEmail>) {
  return (
    <>
      <LimitedTextField
        id={`${id}-email-subject`}
        label="Subject"
        max={LAUNCH_LIMITS.emailSubject}
        value={fields.subject}
        onChange={(subject) => onChange({ ...fields, subject })}
      />
      <LimitedTextField
        id={`${id}-email-body`}
        label="Body"
        rows={8}
        max={LAUNCH_LIMITS.postBody}
        value={fields.body}
        onChange={(body) => onChange({ ...fields, body })}
      />
    </>
  );
}

/** The field an asset's validation issue is about, by the asset's key ('copy', 'kit', …) and the labels of its fields. */
const assetIssueLabel =
  (key: string, labels: Record<string, string>, rows: Record<string, (index: number, field: string | undefined) => string> = {}) =>
  (path: readonly PropertyKey[]): string | undefined => {
    const [top, field, index, part] = path;
    if (top === 'title') return 'Title';
    if (top !== key || typeof field !== 'string') return undefined;
    const row = Object.hasOwn(rows, field) ? rows[field] : undefined;
    if (row && typeof index === 'number') return row(index, typeof part === 'string' ? part : undefined);
    return Object.hasOwn(labels, field) ? labels[field] : undefined;
  };

export const landingCopyIssueLabel = assetIssueLabel(
  'copy',
  { headline: 'Headline', subhead: 'Subhead', benefits: 'Benefits', callToAction: 'Call to action', faq: 'FAQ' },
  {
    benefits: (index, field) => `Benefit ${index + 1}${field === 'source' ? ', whose words' : ''}`,
    faq: (index, field) => `Question ${index + 1}${field === 'answer' ? ', answer' : ''}`,
  },
);
export const productHuntKitIssueLabel = assetIssueLabel(
  'kit',
  { name: 'Name', tagline: 'Tagline', description: 'Description', makerComment: "The maker's first comment", galleryIdeas: 'Gallery ideas' },
  { galleryIdeas: (index) => `Gallery idea ${index + 1}` },
);
export const showHnPostIssueLabel = assetIssueLabel('post', { title: 'Post title', whatItDoes: 'What it does', why: 'Why', whatIsRough: 'What is rough' });
export const launchEmailIssueLabel = assetIssueLabel('email', { subject: 'Subject', body: 'Body' });

export const LANDING_COPY_EDITOR: ArtifactEditor<EntryOf<'landing_copy'>, LandingCopy> = {
  fieldsOf: ({ copy }) => copy,
  contentOf: (copy) => ({ copy }),
  Editor: LandingCopyFields,
  issueLabel: landingCopyIssueLabel,
};

export const PRODUCT_HUNT_KIT_EDITOR: ArtifactEditor<EntryOf<'product_hunt_kit'>, ProductHuntKit> = {
  fieldsOf: ({ kit }) => kit,
  contentOf: (kit) => ({ kit }),
  Editor: ProductHuntKitFields,
  issueLabel: productHuntKitIssueLabel,
};

export const SHOW_HN_POST_EDITOR: ArtifactEditor<EntryOf<'show_hn_post'>, ShowHnPost> = {
  fieldsOf: ({ post }) => post,
  contentOf: (post) => ({ post }),
  Editor: ShowHnPostFields,
  issueLabel: showHnPostIssueLabel,
};

export const LAUNCH_EMAIL_EDITOR: ArtifactEditor<EntryOf<'launch_email'>, LaunchEmail> = {
  fieldsOf: ({ email }) => email,
  contentOf: (email) => ({ email }),
  Editor: LaunchEmailFields,
  issueLabel: launchEmailIssueLabel,
};
