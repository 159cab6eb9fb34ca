import { tool } from 'ai';
import { CANVAS_LIMITS, PlaceCanvasNotesInputSchema } from '#contracts/canvas';
import type { CofounderActions } from './actions';

/**
 * Places notes on the project's canvas as proposals the founders keep or dismiss, every phase's
 * way of putting its results in space (docs/decisions/0045-canvas.md). All or nothing.
 */
export const placeCanvasNotes = (actions: CofounderActions) =>
  tool({
    description: `Put short notes on the project's shared canvas, as proposals the founders keep or dismiss; they never replace the founders' notes. Use it when a visual board helps: the chosen idea and its open questions, the estimate's weakest inputs, competitors on positioning axes, personas' top pains. At most ${CANVAS_LIMITS.proposalsPerCall} notes per call, one idea each, with the links behind them from your tools' results only.`,
    inputSchema: PlaceCanvasNotesInputSchema,
    execute: async (input, { toolCallId }) => {
      const placed = actions.placeCanvasNotes(input, toolCallId);
      return { placed: placed.filter((item) => item.kind === 'note').length, proposals: true };
    },
  });
