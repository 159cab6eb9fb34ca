import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { BRAINSTORM_MESSAGE, EXAMPLE_PREFIX } from '../content/landing';
import { readSetting, writeSetting } from '../lib/local-settings';
import { readPrivacyMode, writePrivacyMode } from '../lib/privacy-mode';
import { useNotify } from '../lib/notifications';
import { useHydrated } from '../lib/use-hydrated';
import { Switch } from './Switch';
import './MessageBox.css';

/** The box grows with its text between these heights. */
export const MESSAGE_BOX_MIN_HEIGHT_PX = 110;
export const MESSAGE_BOX_MAX_HEIGHT_PX = 192;

// The sign-up dialog is needed only after a send: fetched right after the first render instead of before it.
const loadJoinDialog = () => import('./JoinDialog');
const JoinDialog = lazy(loadJoinDialog);
// What a signed-in visitor's send needs (the API client among it): fetched after the first render too.
const loadStartProject = () => import('../lib/start-project');

/**
 * The animated placeholder: EXAMPLE_PREFIX alone at first, then the typing animation, which is
 * fetched after the first paint. It runs only while the box is empty (the placeholder shows).
 */
function useTypingPlaceholder(active: boolean): string {
  const [placeholder, setPlaceholder] = useState(`${EXAMPLE_PREFIX} `);
  useEffect(() => {
    if (!active) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../lib/typing-animation').then(({ typeExamples, LANDING_EXAMPLES }) => {
      if (cancelled) return;
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      stop = typeExamples({ prefix: EXAMPLE_PREFIX, examples: LANDING_EXAMPLES, onText: setPlaceholder, reducedMotion });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [active]);
  return placeholder;
}

/** Fits the box to its text, within the limits; beyond the maximum it scrolls. */
function fitHeight(textarea: HTMLTextAreaElement) {
  textarea.style.height = 'auto';
  const wanted = textarea.scrollHeight;
  textarea.style.height = `${Math.min(Math.max(wanted, MESSAGE_BOX_MIN_HEIGHT_PX), MESSAGE_BOX_MAX_HEIGHT_PX)}px`;
  textarea.style.overflowY = wanted > MESSAGE_BOX_MAX_HEIGHT_PX ? 'auto' : 'hidden';
}

/**
 * The landing page's message box: a visitor describes what they want to build. The draft is
 * kept locally as it is typed; sending (Send, Enter, or 'Brainstorm ideas') saves the privacy
 * choice and queues the message as the first one of a new project (decision 0031): a visitor
 * who is signed in goes straight to that project's workspace, anyone else is asked to sign up
 * or sign in, after which the project is made.
 */
export function MessageBox() {
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [privacyMode, setPrivacyMode] = useState(false);
  const [joinOpen, setJoinOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const notify = useNotify();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const labelId = useId();
  const placeholder = useTypingPlaceholder(text === '');
  const blank = text.trim() === '';

  useLayoutEffect(() => {
    if (textareaRef.current) fitHeight(textareaRef.current);
  }, [text]);

  useEffect(() => {
    // The browser's own settings, unknown to the Worker's render: restored once hydrated
    // (docs/decisions/0035). Text typed into the rendered box before that is kept.
    const typedEarly = textareaRef.current?.value ?? '';
    if (typedEarly !== '') changeText(typedEarly);
    else setText(readSetting('landingPagePrompt') ?? '');
    setPrivacyMode(readPrivacyMode());
    void loadJoinDialog();
    void loadStartProject();
  }, []);

  function changeText(next: string) {
    setText(next);
    writeSetting('landingPagePrompt', next === '' ? null : next);
  }

  async function send(message: string) {
    if (message.trim() === '' || starting) return;
    writePrivacyMode(privacyMode);
    setStarting(true);
    try {
      const { startProjectFromLanding } = await loadStartProject();
      const workspace = await startProjectFromLanding(message, privacyMode);
      if (workspace) await navigate(workspace);
      else setJoinOpen(true);
    } catch (error) {
      // startProjectFromLanding's errors are written for the visitor.
      notify.error((error as Error).message);
    } finally {
      setStarting(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while an input method composes) writes a newline.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(text);
  }

  function brainstorm() {
    changeText(BRAINSTORM_MESSAGE);
    void send(BRAINSTORM_MESSAGE);
  }

  return (
    <form className="message-box" onSubmit={onSubmit}>
      <label id={labelId} htmlFor={`${labelId}-input`} className="visually-hidden">
        Describe what you want to build
      </label>
      <textarea
        id={`${labelId}-input`}
        ref={textareaRef}
        className="message-box__input"
        value={text}
        placeholder={placeholder}
        rows={3}
        onChange={(event) => changeText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-box__actions">
        <div className="message-box__privacy">
          <Switch label="Privacy mode" checked={privacyMode} onChange={setPrivacyMode} />
        </div>
        <button type="button" className="button button--secondary message-box__brainstorm" onClick={brainstorm}>
          Brainstorm ideas
        </button>
        {/* Not disabled while a send is starting (send() ignores a second one): a disabled button
            loses the focus, which the sign-up dialog must give back to it when it closes. */}
        <button type="submit" className="button message-box__send" disabled={blank || !hydrated} aria-busy={starting}>
          Send
        </button>
      </div>
      <Suspense fallback={null}>
        <JoinDialog open={joinOpen} onClose={() => setJoinOpen(false)} />
      </Suspense>
    </form>
  );
}
