import { tool } from 'ai';
import { ASSUMPTION, MEMORY_LIMITS } from '#contracts/phases/fields';
import { CANVAS_FIELDS, LeanCanvasSchema, type CanvasField } from '#contracts/phases/shape-solution';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import { canvasSourcesOf } from './memory-reads';

const SaveLeanCanvasInput = z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), canvas: LeanCanvasSchema });

/**
 * Saves the Lean Canvas (one per project; saving again replaces it). Every box says where it came
 * from: an artifact of the memory, as '<its label>: <its title>', or 'assumption'. A source the
 * memory does not hold is refused; the canvas is stored with the sources as the memory names them.
 */
export const saveLeanCanvas = (actions: CofounderActions) =>
  tool({
    description: `Save the Lean Canvas: its 11 fields (${Object.values(CANVAS_FIELDS).join(', ')}), each at most 300 characters with its source, an artifact of the memory as "<its label>: <its title>" ("Persona: Dana Whitfield") or "${ASSUMPTION}". Saving again replaces it.`,
    inputSchema: SaveLeanCanvasInput,
    execute: async ({ title, canvas }) => {
      const sources = canvasSourcesOf(actions.memory);
      const known = new Map([...sources, ASSUMPTION].map((source) => [source.trim().toLowerCase(), source]));
      const fields = Object.keys(CANVAS_FIELDS) as CanvasField[];
      const unknown = fields.filter((field) => !known.has(canvas[field].source.trim().toLowerCase()));
      if (unknown.length > 0)
        throw new Error(
          `${unknown
            .slice(0, 3)
            .map((field) => `${CANVAS_FIELDS[field]} cites "${canvas[field].source}", which is not in the memory`)
            .join('; ')}. A box cites one of ${sources.map((source) => `"${source}"`).join(', ') || 'nothing yet'}, or "${ASSUMPTION}".`,
        );
      const named = Object.fromEntries(
        fields.map((field) => [field, { text: canvas[field].text, source: known.get(canvas[field].source.trim().toLowerCase())! }]),
      );
      const entry = actions.saveArtifact({ kind: 'lean_canvas', title, canvas: named as typeof canvas });
      const assumed = fields.filter((field) => canvas[field].source === ASSUMPTION).map((field) => CANVAS_FIELDS[field]);
      return {
        saved: { id: entry.id, version: entry.version },
        assumptions: assumed,
        next: 'Name the weakest box and why (the least evidence, or the one everything else leans on), then the three riskiest assumptions with save_riskiest_assumptions. Offer to place the canvas on the team canvas as proposals.',
      };
    },
  });
