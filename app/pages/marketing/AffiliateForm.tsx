import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  AFFILIATE_TEXT_MAX,
  AffiliateApplicationSchema,
  REQUIRED_FIELDS_MESSAGE,
  type AffiliateApplicationField,
  type AffiliateApplicationState,
} from '#contracts/affiliate';
import { EmailField, TextAreaField, TextField } from '../../components/FormField';
import { useNotify, type DismissBanner } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, ApiError, send } from '../../lib/api';
import { errorMessage, logUnexpected, useFormFields } from '../../lib/forms';
import { readSetting, writeSetting } from '../../lib/local-settings';
import { useHydrated } from '../../lib/use-hydrated';

export const APPLICATION_RECEIVED = "Thank you for your application! We'll review your information and contact you if you have been accepted.";
export const APPLICATION_FAILED = 'Failed to submit application';
export const applicationPending = (code: string) =>
  `Your application with the referral code "${code}" is waiting for review. We will write to you as soon as it has been reviewed.`;
export const APPLICATION_APPROVED = 'Your application was approved: your link and its figures are on your dashboard.';

type Earlier = AffiliateApplicationState['application'];

/**
 * What the visitor sent before: the server knows a signed-in visitor's application; a visitor
 * who applied signed out is remembered by this browser. Also fills in a signed-in visitor's
 * name and address.
 */
function useEarlierApplication(fill: (prefill: NonNullable<AffiliateApplicationState['prefill']>) => void): Earlier {
  // Read after hydration: the Worker renders the form as every visitor first sees it (docs/decisions/0035).
  const [earlier, setEarlier] = useState<Earlier>(null);
  const onState = useEffectEvent((state: AffiliateApplicationState) => {
    if (state.prefill) fill(state.prefill);
    // A rejected applicant may apply again with the form.
    if (state.application && state.application.status !== 'rejected') setEarlier(state.application);
  });
  useEffect(() => {
    const code = readSetting('affiliateApplication');
    if (code) setEarlier({ status: 'pending', referralCode: code });
    let current = true;
    api.general['affiliate-application']
      .$get()
      .then((response) => (response.ok ? response.json() : null))
      .then((state) => current && state && onState(state))
      // Without it the form is simply empty, as for any visitor.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  return earlier;
}

type Values = Record<AffiliateApplicationField, string>;
type Errors = Partial<Record<AffiliateApplicationField, string>>;

/** Every field, empty, in the order of the form. */
const EMPTY: Values = { name: '', email: '', socialProfile: '', referralCode: '', paypalEmail: '', whyLaunchmate: '', promotionStrategy: '' };

/** The first problem of each field, by the same schema the server applies. */
function validate(values: Values): Errors {
  const result = AffiliateApplicationSchema.safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as AffiliateApplicationField;
    errors[field] ??= issue.message === REQUIRED_FIELDS_MESSAGE ? 'Required' : issue.message;
  }
  return errors;
}

/**
 * The affiliate application: the form, then the confirmation. While it is
 * being sent the form is disabled; a failure shows the server's `error` (else a generic
 * message) as an error notification and leaves the form as it was.
 */
export function AffiliateForm() {
  const notify = useNotify();
  const form = useFormFields(EMPTY, validate);
  const { values } = form;
  const [phase, setPhase] = useState<'editing' | 'submitting' | 'submitted'>('editing');
  const hydrated = useHydrated();
  const earlier = useEarlierApplication(({ name, email }) =>
    form.setValues((current) => ({ ...current, name: current.name || name, email: current.email || email })),
  );
  // The form's error banners, taken away once the application is received: they no longer apply.
  const errorBanners = useRef<DismissBanner[]>([]);
  const showError = (message: string) => errorBanners.current.push(notify.error(message));
  const confirmation = useRef<HTMLDivElement>(null);
  // The confirmation replaces the longer form: brought into view and focused, so that a phone
  // user sees it and a screen reader reads it, instead of the page left scrolled past it.
  useEffect(() => {
    const box = confirmation.current;
    if (phase !== 'submitted' || !box) return;
    box.focus({ preventScroll: true });
    // Optional: jsdom, which renders the form in the component tests, does not scroll.
    box.scrollIntoView?.({ block: 'center' });
  }, [phase]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate()) {
      if (Object.values(values).some((value) => value.trim() === '')) showError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    setPhase('submitting');
    try {
      await send(() => api.general['affiliate-application'].$post({ json: values }));
      writeSetting('affiliateApplication', values.referralCode.trim());
      for (const dismiss of errorBanners.current.splice(0)) dismiss();
      setPhase('submitted');
    } catch (error) {
      logUnexpected('Submitting the affiliate application failed', error);
      showError(errorMessage(error, APPLICATION_FAILED));
      // Enabled again before a field can take the focus.
      flushSync(() => setPhase('editing'));
      // A taken referral code is the one problem the visitor can fix in place.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) form.showError('referralCode', error.serverMessage);
    }
  }

  if (phase === 'submitted') {
    return (
      <div ref={confirmation} className="affiliate-form__done" role="status" tabIndex={-1}>
        <svg viewBox="0 0 20 20" width="28" height="28" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p>{APPLICATION_RECEIVED}</p>
      </div>
    );
  }

  if (earlier) {
    return (
      <div className="affiliate-form__done" role="status">
        <p>{earlier.status === 'approved' ? APPLICATION_APPROVED : applicationPending(earlier.referralCode)}</p>
      </div>
    );
  }

  const field = form.field;

  return (
    <form className="affiliate-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Affiliate application">
      {/* Disabled until hydrated: text typed into the Worker's HTML would not reach the form's state (docs/decisions/0035). */}
      <fieldset disabled={phase === 'submitting' || !hydrated}>
        <div className="affiliate-form__row">
          <TextField label="Name" autoComplete="name" maxLength={100} {...field('name')} />
          <EmailField label="Account email" hint="The address of your Launchmate account." {...field('email')} />
        </div>
        <div className="affiliate-form__row">
          <TextField
            label="Social profile URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            spellCheck={false}
            autoCapitalize="off"
            {...field('socialProfile')}
          />
          <TextField
            label="Referral code"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={64}
            hint="Letters, digits, - and _; it goes in your link."
            {...field('referralCode')}
          />
        </div>
        <TextField
          label="PayPal email"
          type="email"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          hint="Where we send your commissions."
          {...field('paypalEmail')}
        />
        <TextAreaField label="Why do you want to join the Launchmate affiliate program?" maxLength={AFFILIATE_TEXT_MAX} {...field('whyLaunchmate')} />
        <TextAreaField label="How will you promote Launchmate?" maxLength={AFFILIATE_TEXT_MAX} {...field('promotionStrategy')} />
        <button type="submit" className="button affiliate-form__submit">
          {phase === 'submitting' && <Spinner />}
          Submit application
        </button>
      </fieldset>
    </form>
  );
}
