import { tool } from 'ai';
import { ASSUMPTION } from '#contracts/phases/fields';
import { PersonaSchema } from '#contracts/phases/personas';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import { personaAvatarUrl } from '../../../services/avatars';
import type { CofounderActions } from '../../tools/actions';
import { normaliseQuote } from '../common/quotes';

const SavePersonaInput = z.strictObject({
  name: singleLineText(120).describe('A first name and a last name'),
  persona: PersonaSchema.omit({ avatarUrl: true }),
});

/**
 * Saves a persona (or updates the one of the same name; at most 3). Every quote must be a
 * verbatim excerpt of a discussion, page or research answer the tools returned, at the address
 * given; every cited claim and channel an address the tools returned; what they use today a
 * competitor card of phase 3 (or what they do instead). The avatar is the product's own.
 */
export const savePersona = (actions: CofounderActions) =>
  tool({
    description:
      "Save a persona: name, role, age, situation, jobs (functional, social, emotional), pains and gains ranked with evidence or labelled assumptions, what they use today (phase 3's competitors), where to reach them (addresses the tools returned), job stories ('When …, I want to …, so I can …'), the early adopters, verbatim quotes with their link, and your confidence. Saving the same name again updates it.",
    inputSchema: SavePersonaInput,
    execute: async ({ name, persona }) => {
      const refused: string[] = [];
      for (const quote of persona.quotes) {
        const page = actions.readPages.get(quote.url);
        if (!page || !normaliseQuote(page.text).includes(normaliseQuote(quote.text)))
          refused.push(`"${quote.text.slice(0, 60)}" is not a verbatim excerpt of what the tools returned for ${quote.url}`);
      }
      const cited = [...persona.pains, ...persona.gains].map((claim) => claim.source).filter((source) => source !== ASSUMPTION);
      for (const url of [...cited, ...persona.reachAt.map((channel) => channel.url)]) {
        if (!actions.foundUrls.has(url)) refused.push(`${url} was not returned by a tool in this conversation`);
      }
      if (refused.length > 0)
        throw new Error(`${refused.slice(0, 3).join('; ')}. Quote only words the tools returned, word for word, and label other claims '${ASSUMPTION}'.`);
      const avatarUrl = personaAvatarUrl({ name, age: persona.age, traits: [persona.role] });
      const existing = actions.memory.find((entry) => entry.kind === 'persona' && entry.title.toLowerCase() === name.toLowerCase());
      const content = { kind: 'persona' as const, title: name, persona: { ...persona, avatarUrl } };
      const entry = existing ? actions.updateMemory(existing.id, content) : actions.saveArtifact(content);
      return {
        saved: { id: entry.id, version: entry.version },
        next: 'Tell the founders who this persona is in two sentences and how sure you are; they accept a persona in the memory to finish phase 4.',
      };
    },
  });
