/**
 * The typing animation of the landing page's placeholder: each example in turn is typed
 * letter by letter after a fixed prefix, held, erased, and the next one follows, forever.
 * Plain timers and a callback, so the landing page can fetch it after its first paint, in one
 * chunk with its examples.
 */
export { LANDING_EXAMPLES } from '../content/landing-examples';

/** Timing of the animation, in milliseconds. */
export const TYPING = {
  typeMs: 45,
  holdMs: 1800,
  eraseMs: 18,
  pauseMs: 350,
  /** With reduced motion, whole examples replace each other at this pace instead. */
  reducedMotionStepMs: 4000,
} as const;

export interface TypingOptions {
  prefix: string;
  examples: readonly string[];
  /** Called with every new placeholder text. */
  onText: (text: string) => void;
  /** Visitors who prefer reduced motion get whole examples, no typing. */
  reducedMotion: boolean;
}

/** Starts the animation; the returned function stops it. */
export function typeExamples({ prefix, examples, onText, reducedMotion }: TypingOptions): () => void {
  let example = 0;
  let length = 0;
  let timer: ReturnType<typeof setTimeout>;
  const show = () => onText(`${prefix} ${(examples[example] ?? '').slice(0, reducedMotion ? undefined : length)}`);
  const next = () => {
    example = (example + 1) % examples.length;
    length = 0;
  };

  function typeLetter() {
    length += 1;
    show();
    timer = length < (examples[example]?.length ?? 0) ? setTimeout(typeLetter, TYPING.typeMs) : setTimeout(eraseLetter, TYPING.holdMs);
  }
  function eraseLetter() {
    length -= 1;
    show();
    if (length > 0) timer = setTimeout(eraseLetter, TYPING.eraseMs);
    else {
      next();
      timer = setTimeout(typeLetter, TYPING.pauseMs);
    }
  }
  function stepWhole() {
    next();
    show();
    timer = setTimeout(stepWhole, TYPING.reducedMotionStepMs);
  }

  if (examples.length === 0) return () => {};
  show();
  timer = reducedMotion ? setTimeout(stepWhole, TYPING.reducedMotionStepMs) : setTimeout(typeLetter, TYPING.typeMs);
  return () => clearTimeout(timer);
}
