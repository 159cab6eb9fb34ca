import {
  GROW_LIMITS,
  INNER_RING_SIZE,
  RING_LABELS,
  TRACTION_CHANNELS,
  type ChannelIdea,
  type ChannelRanking,
  type Ring,
  type TractionChannel,
} from '#contracts/phases/grow';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';

const CHANNELS = Object.keys(TRACTION_CHANNELS) as TractionChannel[];

/** The ranking as the form holds it: the ideas in the book's order of the channels. */
export type RankingFields = ChannelRanking;

const bookOrder = (ideas: readonly ChannelIdea[]) => [...ideas].sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel));

/** Each of the 19 channels: its idea and its one ring, the inner ring included. */
function ChannelRankingFields({ id, fields, onChange }: ArtifactEditorProps<RankingFields>) {
  const setIdea = (index: number, change: Partial<ChannelIdea>) =>
    onChange({ ...fields, ideas: fields.ideas.map((idea, at) => (at === index ? { ...idea, ...change } : idea)) });
  const inner = fields.ideas.filter((idea) => idea.ring === 'inner').length;
  return (
    <div className="grow-editor">
      <p className="artifact-editor__hint">
        Each channel is in one ring. The inner ring holds up to {INNER_RING_SIZE} channels, chosen among the promising: the ones the team tests now.
      </p>
      {fields.ideas.map((idea, index) => {
        const name = TRACTION_CHANNELS[idea.channel];
        const problem = idea.ring === 'inner' && inner > INNER_RING_SIZE ? `The inner ring holds at most ${INNER_RING_SIZE} channels` : null;
        return (
          <fieldset key={idea.channel} className="artifact-editor__group">
            <legend>{name}</legend>
            <LimitedTextField
              id={`${id}-idea-${index}`}
              label={`${name}: idea`}
              value={idea.idea}
              max={GROW_LIMITS.ideaChars}
              rows={2}
              onChange={(text) => setIdea(index, { idea: text })}
            />
            <SelectField<Ring>
              id={`${id}-ring-${index}`}
              label={`${name}: ring`}
              value={idea.ring}
              options={RING_LABELS}
              onChange={(ring) => setIdea(index, { ring })}
            />
            {problem && <p className="grow-field-error">{problem}</p>}
          </fieldset>
        );
      })}
    </div>
  );
}

/** The field a schema issue is about: ['ranking', 'ideas', 3, 'idea'] is 'Search engine marketing: idea'. */
export function rankingIssueLabel(path: readonly PropertyKey[]): string | null {
  const [, list, index, key] = path;
  if (list !== 'ideas') return null;
  const channel = typeof index === 'number' ? TRACTION_CHANNELS[CHANNELS[index]!] : undefined;
  const field = key === 'ring' ? 'ring' : key === 'channel' ? 'channel' : 'idea';
  return channel ? `${channel}: ${field}` : 'Channels';
}

export const CHANNEL_RANKING_EDITOR: ArtifactEditor<EntryOf<'channel_ranking'>, RankingFields> = {
  fieldsOf: (entry) => ({ ideas: bookOrder(entry.ranking.ideas) }),
  contentOf: (fields) => ({ ranking: { ideas: fields.ideas.map((idea) => ({ ...idea, idea: idea.idea.trim() })) } }),
  Editor: ChannelRankingFields,
  issueLabel: rankingIssueLabel,
};
