import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { OnboardingStepId } from '../../../../shared/onboarding/api';
import { Button } from '../../../components/button';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { useDismissOnboarding, useOnboarding } from '../api/onboarding';

interface OnboardingActions {
  /** Opens the Connect Account modal. */
  connectAccount: () => void;
  /** Opens the composer. */
  createPost: () => void;
}

const STEP_TEXT: Record<OnboardingStepId, { title: string; description: string }> = {
  connect_account: {
    title: 'Connect an account',
    description: 'Link X, Facebook, Instagram, LinkedIn, Threads or TikTok to post there.',
  },
  posting_times: {
    title: 'Set your posting times',
    description: 'Choose when your posts go out each day; Add to queue and queues use these times.',
  },
  first_post: {
    title: 'Schedule your first post',
    description: 'Write a post, pick a time, and Postloom publishes it for you.',
  },
  extension: {
    title: 'Install the browser extension',
    description: 'Share any page, image or selection to your accounts from the browser toolbar.',
  },
};

const linkClass =
  'inline-flex h-8 items-center rounded-lg border border-gray-300 bg-white px-3 font-medium text-gray-700 text-sm shadow-sm hover:bg-gray-50';

/**
 * "Get started": four first steps, each ticked from the user's own data (an account, changed
 * posting times, a post, an extension sign-in) with a way to do it, until all are done or the
 * user dismisses it (kept on the server).
 */
export function OnboardingChecklist({ actions }: { actions: OnboardingActions }) {
  const query = useOnboarding();
  const dismiss = useDismissOnboarding();
  const headingId = useId();
  const onboarding = query.data;
  if (!onboarding?.showChecklist) return null;
  const doneCount = onboarding.steps.filter((step) => step.done).length;

  const actionOf: Record<OnboardingStepId, ReactNode> = {
    connect_account: (
      <Button size="sm" variant="secondary" onClick={actions.connectAccount}>
        Connect account
      </Button>
    ),
    posting_times: (
      <Link to="/schedule" className={linkClass}>
        Open Posting Schedule
      </Link>
    ),
    first_post: (
      <Button size="sm" variant="secondary" onClick={actions.createPost}>
        Create post
      </Button>
    ),
    extension: <ExtensionHelp />,
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-semibold text-base text-gray-900">
            Get started with Postloom
          </h2>
          <p className="mt-0.5 text-gray-500 text-sm">
            {doneCount} of {onboarding.steps.length} done
          </p>
        </div>
        <button
          type="button"
          aria-label="Dismiss the getting started checklist"
          disabled={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(undefined, {
              onError: () => toast.error('Failed to hide the checklist. Please try again.'),
            })
          }
          className="rounded-lg p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-600"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-gray-100"
        role="progressbar"
        aria-label="Getting started progress"
        aria-valuemin={0}
        aria-valuemax={onboarding.steps.length}
        aria-valuenow={doneCount}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${(doneCount / onboarding.steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 divide-y divide-gray-100">
        {onboarding.steps.map((step) => (
          <li
            key={step.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="flex min-w-0 gap-3">
              <span
                aria-hidden="true"
                className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border ${
                  step.done ? 'border-green-600 bg-green-600 text-white' : 'border-gray-300 bg-white'
                }`}
              >
                {step.done ? <CheckIcon className="h-4 w-4" /> : null}
              </span>
              <div className="min-w-0">
                <p className={`font-medium text-sm ${step.done ? 'text-gray-500' : 'text-gray-900'}`}>
                  {STEP_TEXT[step.id].title}
                  <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-gray-500 text-sm">{STEP_TEXT[step.id].description}</p>
              </div>
            </div>
            <div className="pl-9 sm:shrink-0 sm:pl-0">
              {step.done ? (
                <span className="font-medium text-green-700 text-sm">Done</span>
              ) : (
                actionOf[step.id]
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The extension is installed in the browser, not here: how to get it and sign it in. */
function ExtensionHelp() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="sm:text-right">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={linkClass}
        onClick={() => setOpen(!open)}
      >
        How to install
      </button>
      {open ? (
        <p id={panelId} className="mt-2 max-w-xs text-left text-gray-600 text-sm">
          Add the Postloom extension to Chrome or Firefox (whoever runs your Postloom server has it), open its
          options and choose <strong>Sign in with the web app</strong>. This step ticks itself once the
          extension has signed in.
        </p>
      ) : null}
    </div>
  );
}
