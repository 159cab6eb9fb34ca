import { useId, useState } from 'react';
import { ASSUMPTION } from '#contracts/phases/fields';
import { CANVAS_FIELDS, type Box, type CanvasField, type LeanCanvas } from '#contracts/phases/shape-solution';
import { Modal } from '../../../../../components/Modal';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf } from '../types';

/**
 * The 9 boxes of the Lean Canvas as people know it, in reading order: each names the grid area it
 * takes where there is room for the grid. Problem and customer segments each hold a second field.
 */
export const CANVAS_BOXES: readonly { area: string; fields: readonly CanvasField[] }[] = [
  { area: 'problem', fields: ['problem', 'existingAlternatives'] },
  { area: 'solution', fields: ['solution'] },
  { area: 'metrics', fields: ['keyMetrics'] },
  { area: 'value', fields: ['uniqueValueProposition'] },
  { area: 'advantage', fields: ['unfairAdvantage'] },
  { area: 'channels', fields: ['channels'] },
  { area: 'segments', fields: ['customerSegments', 'earlyAdopters'] },
  { area: 'cost', fields: ['costStructure'] },
  { area: 'revenue', fields: ['revenueStreams'] },
];

/** Where a box's text came from, as the canvas says it: 'From Persona: Sam Rivera', or 'Assumption'. */
export const sourceLabel = (source: string) => (source.trim().toLowerCase() === ASSUMPTION ? 'Assumption' : `From ${source}`);

function BoxField({ box }: { box: Box }) {
  const assumption = box.source.trim().toLowerCase() === ASSUMPTION;
  return (
    <>
      <p className="shape-solution-canvas__text">{box.text}</p>
      <p className={`shape-solution-canvas__source${assumption ? ' shape-solution-canvas__source--assumption' : ''}`}>{sourceLabel(box.source)}</p>
    </>
  );
}

/**
 * The grid: 5 columns and a bottom row where its container is wide enough (a container query),
 * one column in reading order where it is not (the memory panel, a phone).
 */
export function CanvasGrid({ canvas, full = false }: { canvas: LeanCanvas; full?: boolean }) {
  const id = useId();
  return (
    <div className={`shape-solution-canvas${full ? ' shape-solution-canvas--full' : ''}`}>
      <div className="shape-solution-canvas__grid">
        {CANVAS_BOXES.map(({ area, fields: [first, second] }) => (
          <section key={area} className={`shape-solution-canvas__box shape-solution-canvas__box--${area}`} aria-labelledby={`${id}-${area}`}>
            <h4 id={`${id}-${area}`} className="shape-solution-canvas__label">
              {CANVAS_FIELDS[first!]}
            </h4>
            <BoxField box={canvas[first!]} />
            {second && (
              <>
                <h5 className="shape-solution-canvas__sublabel">{CANVAS_FIELDS[second]}</h5>
                <BoxField box={canvas[second]} />
              </>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

/** The Lean Canvas in the memory: its boxes with their sources, and the whole grid in a dialog where the panel is too narrow for it. */
export function LeanCanvasView({ entry, onAccept }: { entry: EntryOf<'lean_canvas'>; onAccept?: () => Promise<string | null> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="shape-solution-canvas-entry">
      <button type="button" className="button button--secondary panel__small-button shape-solution-canvas__open" onClick={() => setOpen(true)}>
        See the whole canvas
      </button>
      <CanvasGrid canvas={entry.canvas} />
      <Modal open={open} title={entry.title} onClose={() => setOpen(false)}>
        <CanvasGrid canvas={entry.canvas} full />
      </Modal>
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted."
        note="Checked each box and where it came from? Accept the canvas to name its riskiest assumptions."
        button="Accept the Lean Canvas"
      />
    </div>
  );
}
