import { multiLineText, singleLineText } from '../text-fields';
import { z } from '../zod';
import { ASSUMPTION, type ArtifactOutline, type PhaseDefinition, type ReviewFlag } from './fields';

/**
 * Phase 7, 'Launch': a launch plan (a moment, the channels chosen, a checklist before, on and
 * after the day whose due dates follow the launch date), and the launch assets the founders edit
 * and the co-founder critiques: the landing page's copy, a Product Hunt kit, a Show HN post and a
 * launch e-mail, each held to its community's length rules. docs/decisions/0054-phase-seven.md.
 */

export const LAUNCH_LIMITS = {
  channels: 6,
  checklist: 60,
  /** How far from the launch day a checklist item may be due, in days. */
  offsetDays: 90,
  faq: 6,
  galleryIdeas: 6,
  /** Product Hunt's own limits. */
  productHuntName: 40,
  tagline: 60,
  description: 260,
  makerComment: 1000,
  /** Hacker News's title limit. */
  hackerNewsTitle: 80,
  postBody: 2000,
  headline: 80,
  subhead: 160,
  benefit: 160,
  callToAction: 40,
  emailSubject: 80,
} as const;

// ---------------------------------------------------------------------------------------------
// The launch plan

/** Product Hunt's day starts at 00:00 Pacific: a launch there is best at 00:01 in this zone. */
export const PRODUCT_HUNT_TIME_ZONE = 'America/Los_Angeles';

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const LaunchMomentSchema = z.strictObject({
  date: z.string().refine(isDay, 'A launch date is a day as YYYY-MM-DD'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A launch time is HH:MM, on a 24-hour clock'),
  timeZone: z.string().max(60).refine(isTimeZone, 'A time zone is a name such as America/Los_Angeles'),
});
export type LaunchMoment = z.infer<typeof LaunchMomentSchema>;

export const CHECKLIST_PARTS = ['before', 'day', 'after'] as const;
export type ChecklistPart = (typeof CHECKLIST_PARTS)[number];
export const CHECKLIST_PART_LABELS: Record<ChecklistPart, string> = { before: 'Before the launch', day: 'On the day', after: 'After the launch' };

export const ITEM_STATUSES = ['todo', 'doing', 'done'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = { todo: 'To do', doing: 'Doing', done: 'Done' };

const Ref = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'An id is 1 to 40 lowercase letters, digits and dashes');

export const ChecklistItemSchema = z.strictObject({
  id: Ref,
  title: singleLineText(160),
  part: z.enum(CHECKLIST_PARTS),
  /** When it is due, in days from the launch day: negative before, 0 on the day, positive after. Moving the launch moves it. */
  offsetDays: z.number().int().min(-LAUNCH_LIMITS.offsetDays).max(LAUNCH_LIMITS.offsetDays),
  owner: z.strictObject({ userId: z.string().min(1).max(100), name: singleLineText(120) }).nullable(),
  status: z.enum(ITEM_STATUSES),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const LaunchChannelSchema = z.strictObject({
  name: singleLineText(120),
  why: multiLineText(300),
  /** Where it was chosen from: phase 4's 'where to reach them' or phase 5's channels box, named as '<its label>: <its title>'. */
  source: singleLineText(160),
});
export type LaunchChannel = z.infer<typeof LaunchChannelSchema>;

export const LaunchPlanSchema = z
  .strictObject({
    moment: LaunchMomentSchema,
    channels: z.array(LaunchChannelSchema).min(1).max(LAUNCH_LIMITS.channels),
    checklist: z.array(ChecklistItemSchema).min(1).max(LAUNCH_LIMITS.checklist),
  })
  .superRefine((plan, context) => {
    const ids = new Set<string>();
    plan.checklist.forEach((item, index) => {
      if (ids.has(item.id)) context.addIssue({ code: 'custom', path: ['checklist', index, 'id'], message: `Two checklist items are called "${item.id}"` });
      ids.add(item.id);
      const fits = item.part === 'before' ? item.offsetDays < 0 : item.part === 'day' ? item.offsetDays === 0 : item.offsetDays > 0;
      if (!fits)
        context.addIssue({
          code: 'custom',
          path: ['checklist', index, 'offsetDays'],
          message: `"${item.title}" is ${CHECKLIST_PART_LABELS[item.part].toLowerCase()}: it is due ${item.part === 'before' ? 'before the launch day (a negative number of days)' : item.part === 'day' ? 'on the day (0)' : 'after the launch day (a positive number of days)'}`,
        });
    });
  });
export type LaunchPlan = z.infer<typeof LaunchPlanSchema>;

export const LaunchPlanContentSchema = z.strictObject({ kind: z.literal('launch_plan'), title: singleLineText(120), launch: LaunchPlanSchema });
export type LaunchPlanContent = z.infer<typeof LaunchPlanContentSchema>;

/** The day an item is due: the launch day moved by its offset (YYYY-MM-DD). */
export function dueDay(launchDay: string, offsetDays: number): string {
  const day = new Date(`${launchDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** The offset of a zone from UTC at an instant, in minutes (UTC+1 is 60). */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant (Unix milliseconds) of a wall-clock moment in its time zone, daylight saving included. */
export function launchInstant(moment: LaunchMoment): number {
  const [hours, minutes] = moment.time.split(':').map(Number) as [number, number];
  const wall = Date.parse(`${moment.date}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  // The zone's offset near that moment, then again at the corrected instant (it may cross a change of offset).
  const first = wall - zoneOffsetMinutes(wall, moment.timeZone) * 60_000;
  return wall - zoneOffsetMinutes(first, moment.timeZone) * 60_000;
}

/** The launch moment as a member reads it in their own time zone ('Tue, Dec 1, 09:01'). */
export const momentIn = (instant: number, timeZone: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

// ---------------------------------------------------------------------------------------------
// The launch assets

/** A claim in the copy and what it rests on: the persona whose words it uses, an artifact, or 'assumption'. */
const benefit = z.strictObject({
  text: multiLineText(LAUNCH_LIMITS.benefit),
  source: singleLineText(160).describe(`The persona or artifact whose words it uses, as "<its label>: <its title>", or "${ASSUMPTION}"`),
});

export const LandingCopySchema = z.strictObject({
  headline: singleLineText(LAUNCH_LIMITS.headline),
  subhead: multiLineText(LAUNCH_LIMITS.subhead),
  benefits: z.array(benefit).length(3, 'Write exactly 3 benefits, in the personas’ own words'),
  callToAction: singleLineText(LAUNCH_LIMITS.callToAction),
  faq: z
    .array(z.strictObject({ question: singleLineText(200), answer: multiLineText(600) }))
    .min(1)
    .max(LAUNCH_LIMITS.faq)
    .describe('Answers to the top objections the research found'),
});
export type LandingCopy = z.infer<typeof LandingCopySchema>;

export const ProductHuntKitSchema = z.strictObject({
  name: singleLineText(LAUNCH_LIMITS.productHuntName),
  tagline: singleLineText(LAUNCH_LIMITS.tagline),
  description: multiLineText(LAUNCH_LIMITS.description),
  makerComment: multiLineText(LAUNCH_LIMITS.makerComment),
  galleryIdeas: z.array(singleLineText(200)).min(1).max(LAUNCH_LIMITS.galleryIdeas),
});
export type ProductHuntKit = z.infer<typeof ProductHuntKitSchema>;

/** 'Show HN: X – Y': what it is, a dash, what it does. */
export const SHOW_HN_TITLE = /^Show HN: \S.* [–-] \S.*$/;

export const ShowHnPostSchema = z.strictObject({
  title: singleLineText(LAUNCH_LIMITS.hackerNewsTitle).refine((title) => SHOW_HN_TITLE.test(title), 'A Show HN title reads "Show HN: X – Y"'),
  whatItDoes: multiLineText(600),
  why: multiLineText(600),
  whatIsRough: multiLineText(600).describe('What does not work yet, said plainly'),
});
export type ShowHnPost = z.infer<typeof ShowHnPostSchema>;

export const LaunchEmailSchema = z.strictObject({
  subject: singleLineText(LAUNCH_LIMITS.emailSubject),
  body: multiLineText(LAUNCH_LIMITS.postBody),
});
export type LaunchEmail = z.infer<typeof LaunchEmailSchema>;

export const LandingCopyContentSchema = z.strictObject({ kind: z.literal('landing_copy'), title: singleLineText(120), copy: LandingCopySchema });
export const ProductHuntKitContentSchema = z.strictObject({ kind: z.literal('product_hunt_kit'), title: singleLineText(120), kit: ProductHuntKitSchema });
export const ShowHnPostContentSchema = z.strictObject({ kind: z.literal('show_hn_post'), title: singleLineText(120), post: ShowHnPostSchema });
export const LaunchEmailContentSchema = z.strictObject({ kind: z.literal('launch_email'), title: singleLineText(120), email: LaunchEmailSchema });
export type LandingCopyContent = z.infer<typeof LandingCopyContentSchema>;
export type ProductHuntKitContent = z.infer<typeof ProductHuntKitContentSchema>;
export type ShowHnPostContent = z.infer<typeof ShowHnPostContentSchema>;
export type LaunchEmailContent = z.infer<typeof LaunchEmailContentSchema>;

/** A number as written, without a trailing stop or comma and with its thousands separators removed ('1,200.' is '1200'). */
const numberOf = (written: string) => written.replace(/[.,]+$/, '').replace(/,(?=\d{3}(?!\d))/g, '');

/** A figure: a number with what it counts ('5 hours a week', '30%', '$49', '10,000 commuters'). */
const FIGURE = /(?<!#)[$€£]?\d[\d.,]*\s?(?:%|x\b|[a-z]+(?:\s(?:a|per)\s[a-z]+)?)?/gi;

/**
 * Words that claim more than a description does, so only evidence can back them: superlatives
 * ('the fastest', 'cheaper than any shop', '#1'), claims about everything ('fixes any bike'; not
 * 'any questions', which asks for something) and guarantees ('guaranteed', 'money-back').
 */
const CLAIM_WORDS: readonly RegExp[] = [
  /\b[a-z]+(?:er|more|less)\s+than\s+(?:any|anyone|anything|all|every|ever)\b(?:\s+[a-z]+)?/gi,
  /\b(?:best|fastest|cheapest|easiest|simplest|quickest|smartest|greatest|biggest|largest|lowest|highest|safest|smallest)\b|(?<!\bat\s)\b(?:most|least)\s+(?!of\b)[a-z]+/gi,
  /#1\b|\bnumber one\b|\bthe only\b|\bworld[- ]class\b|\bunbeatable\b|\bunmatched\b|\bunrivall?ed\b/gi,
  /\bany\s+(?!feedback\b|questions?\b|thoughts\b|comments?\b|ideas?\b|suggestions?\b|time\b|way\b)[a-z]+/gi,
  /\bguarantee[ds]?\b|\bmoney[- ]back\b|\brisk[- ]free\b|\bnever\s+(?:fails?|breaks?)\b|\balways\s+works?\b|\bwarranty\b/gi,
];

const spaced = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * The claims of a piece of copy that no artifact of the memory backs, as the copy words them, in
 * the order they appear: every figure whose number the evidence never states ('5' is not stated by
 * '45 minutes' or '15%'), and every superlative, claim about everything or guarantee whose words
 * the evidence never says. It compares numbers and words, not meanings: it catches an invented
 * claim, and whether a stated one is used fairly is for the co-founder's critique
 * (docs/decisions/0065-checks-for-every-writer.md).
 */
export function unsupportedClaims(copy: string, evidence: string): string[] {
  const known = new Set((evidence.match(/\d[\d.,]*/g) ?? []).map(numberOf));
  const said = spaced(evidence);
  const found: { at: number; end: number; text: string; backed: boolean }[] = [];
  for (const match of copy.matchAll(FIGURE)) {
    const text = match[0].trim();
    found.push({ at: match.index, end: match.index + text.length, text, backed: known.has(numberOf(text.match(/\d[\d.,]*/)![0])) });
  }
  for (const pattern of CLAIM_WORDS)
    for (const match of copy.matchAll(pattern))
      found.push({ at: match.index, end: match.index + match[0].length, text: match[0], backed: said.includes(spaced(match[0])) });
  // A claim inside a longer one ('any shop' in 'cheaper than any shop') is named once, as the longer.
  const kept = found.filter(
    (claim) => !found.some((other) => other !== claim && other.at <= claim.at && other.end >= claim.end && other.end - other.at > claim.end - claim.at),
  );
  return [
    ...new Set(
      kept
        .sort((a, b) => a.at - b.at)
        .filter((claim) => !claim.backed)
        .map((claim) => claim.text),
    ),
  ];
}

/** Every piece of text an asset shows its readers: its strings, not the sources its claims name. */
export function copyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(copyText).join('\n');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => key !== 'source')
      .map(([, field]) => copyText(field))
      .join('\n');
  return '';
}

/** The launch assets whose claims must be backed, and the field of each that holds its copy. */
const ASSET_COPY = { landing_copy: 'copy', product_hunt_kit: 'kit', show_hn_post: 'post', launch_email: 'email' } as const;

/** What an asset's flag says: the words that need evidence, quoted. */
export const claimsFlagText = (claims: readonly string[]) =>
  `These words need evidence that no earlier artifact of the memory gives: ${claims.map((claim) => `“${claim}”`).join(', ')}. Back each with evidence, or cut it.`;

/**
 * The review flags of phase 7's assets: each asset whose copy makes a claim no artifact of the
 * memory backs, whoever wrote it, the co-founder's tool or a member's edit. `evidence` is the text
 * of the earlier phases' artifacts.
 */
export function launchClaimFlags(memory: readonly { id: string; kind: string }[], evidence: () => string): ReviewFlag[] {
  const assets = memory.filter((entry) => entry.kind in ASSET_COPY);
  if (assets.length === 0) return [];
  const text = evidence();
  return assets.flatMap((entry) => {
    const claims = unsupportedClaims(copyText((entry as Record<string, unknown>)[ASSET_COPY[entry.kind as keyof typeof ASSET_COPY]]), text);
    return claims.length > 0 ? [{ entryId: entry.id, text: claimsFlagText(claims) }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// What members send

export const CHECKLIST_STATUS_FRAME = 'launch_item_status';

/** A member moves a checklist item: applied to the plan as it is now, so two members' moves both land. */
export const ChecklistStatusFrameSchema = z.strictObject({
  type: z.literal(CHECKLIST_STATUS_FRAME),
  requestId: z.string().min(1).max(100),
  itemId: Ref,
  status: z.enum(ITEM_STATUSES),
});
export type ChecklistStatusFrame = z.infer<typeof ChecklistStatusFrameSchema>;

// ---------------------------------------------------------------------------------------------

/** The phase's tools, as they appear in assistant message parts (`tool-<name>`). */
export const LAUNCH_TOOLS = {
  saveLaunchPlan: 'save_launch_plan',
  saveLandingCopy: 'save_landing_copy',
  saveProductHuntKit: 'save_product_hunt_kit',
  saveShowHnPost: 'save_show_hn_post',
  saveLaunchEmail: 'save_launch_email',
} as const;

export const LAUNCH_PHASE = {
  number: 7,
  title: 'Launch',
  summary: 'Choose your channels and prepare a launch that gets noticed.',
  free: false,
  artifacts: [
    { kind: 'launch_plan', label: 'Launch plan', max: 1, builtOn: ['persona', 'lean_canvas', 'build_plan'] },
    { kind: 'landing_copy', label: 'Landing page copy', max: 1, builtOn: ['persona', 'lean_canvas', 'pitch'] },
    { kind: 'product_hunt_kit', label: 'Product Hunt kit', max: 1, builtOn: ['lean_canvas', 'pitch'] },
    { kind: 'show_hn_post', label: 'Show HN post', max: 1, builtOn: ['pitch', 'build_plan'] },
    { kind: 'launch_email', label: 'Launch e-mail', max: 1, builtOn: ['persona', 'lean_canvas'] },
  ],
  doneWhenAccepted: 'launch_plan',
} as const satisfies PhaseDefinition;

const itemLine = (launchDay: string) => (item: ChecklistItem) =>
  `[${ITEM_STATUS_LABELS[item.status]}] ${item.title} (due ${dueDay(launchDay, item.offsetDays)}${item.owner ? `, ${item.owner.name}` : ''})`;

export const outlineLaunchPlan = ({ launch }: LaunchPlanContent): ArtifactOutline => ({
  sections: [
    { label: 'Launch', text: `${launch.moment.date} ${launch.moment.time} (${launch.moment.timeZone})` },
    { label: 'Channels', items: launch.channels.map((channel) => `${channel.name}: ${channel.why} (${channel.source})`) },
    ...CHECKLIST_PARTS.map((part) => ({
      label: CHECKLIST_PART_LABELS[part],
      items: launch.checklist.filter((item) => item.part === part).map(itemLine(launch.moment.date)),
    })),
  ],
});

export const outlineLandingCopy = ({ copy }: LandingCopyContent): ArtifactOutline => ({
  sections: [
    { label: 'Headline', text: copy.headline },
    { label: 'Subhead', text: copy.subhead },
    { label: 'Benefits', items: copy.benefits.map((item) => `${item.text} (${item.source})`) },
    { label: 'Call to action', text: copy.callToAction },
    { label: 'FAQ', items: copy.faq.map((item) => `${item.question} ${item.answer}`) },
  ],
});

export const outlineProductHuntKit = ({ kit }: ProductHuntKitContent): ArtifactOutline => ({
  sections: [
    { label: 'Name', text: kit.name },
    { label: 'Tagline', text: kit.tagline },
    { label: 'Description', text: kit.description },
    { label: "The maker's first comment", text: kit.makerComment },
    { label: 'Gallery ideas', items: kit.galleryIdeas },
  ],
});

export const outlineShowHnPost = ({ post }: ShowHnPostContent): ArtifactOutline => ({
  sections: [
    { label: 'Title', text: post.title },
    { label: 'What it does', text: post.whatItDoes },
    { label: 'Why', text: post.why },
    { label: 'What is rough', text: post.whatIsRough },
  ],
});

export const outlineLaunchEmail = ({ email }: LaunchEmailContent): ArtifactOutline => ({
  sections: [
    { label: 'Subject', text: email.subject },
    { label: 'Body', text: email.body },
  ],
});
