import { Link } from 'react-router';
import { LegalLayout } from '../components/legal-layout';

/** `/data-deletion`: how to have your data removed (also the URL platforms ask for in app reviews). */
export function DataDeletionPage() {
  return (
    <LegalLayout title="Data Deletion" updated="November 2026">
      <p>
        You can ask at any time for Postloom to delete all the information it keeps about you. Data deletion
        requests are processed within 30 days.
      </p>
      <section>
        <h2>What is deleted</h2>
        <ul>
          <li>Your account: e-mail address, password hash, preferences and sign-in sessions.</li>
          <li>
            Every connected social account, including the access tokens the platforms issued to Postloom.
          </li>
          <li>
            Your posts, drafts, schedules, queues, uploaded images and videos, publishing history and
            statistics.
          </li>
          <li>Your notifications.</li>
        </ul>
        <p className="mt-2">
          Posts that were already published stay on the platforms; delete them there if you want them gone.
        </p>
      </section>
      <section>
        <h2>How to request deletion</h2>
        <ul>
          <li>
            Signed in:{' '}
            <Link to="/settings/delete-account" className="font-medium text-brand-600 underline">
              delete your account
            </Link>{' '}
            under Settings, Privacy &amp; Security. It happens at once: your data is removed and scheduled
            posts are not published. Download a copy of your data there first if you want one.
          </li>
          <li>
            Otherwise, use the Contact Support link in the app header, or write to the operator of your
            Postloom installation from the e-mail address of your account, with the subject "Delete my data".
          </li>
        </ul>
        <p className="mt-2">
          Requests by e-mail are processed within 30 days. To stop Postloom from acting for you right away,
          disconnect your social accounts in the app, or remove Postloom's access in the platform's own
          settings.
        </p>
      </section>
      <section>
        <h2>Age</h2>
        <p>
          Postloom is not intended for anyone under 13. If you believe a child under 13 has an account,
          contact us and it will be deleted.
        </p>
      </section>
      <p>
        More about what is stored and why:{' '}
        <Link to="/privacy" className="font-medium text-brand-600 underline">
          Privacy Policy
        </Link>
        .
      </p>
    </LegalLayout>
  );
}
