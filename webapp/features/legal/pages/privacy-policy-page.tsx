import { Link } from 'react-router';
import { LegalLayout } from '../components/legal-layout';

/** `/privacy`: what Postloom stores and why. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="November 2026">
      <p>
        Postloom is a social media scheduler that you or your organisation run on your own server. This policy
        explains which information a Postloom installation keeps about you, why, and how you can have it
        removed. The operator of the installation you are using is responsible for it.
      </p>
      <section>
        <h2>What we store</h2>
        <ul>
          <li>
            Your account: e-mail address, a one-way hash of your password (never the password itself), your
            timezone, language and time-format preferences, and when the account was created and confirmed.
          </li>
          <li>
            Sign-in sessions: an identifier derived from your session token, its expiry and last use. Repeated
            failed sign-ins are recorded for 15 minutes to protect your account.
          </li>
          <li>
            Connected social accounts: the account name, handle and avatar address shown in the app, the
            platform's account identifier, and the access tokens the platform issued. Tokens are stored
            encrypted and are never shown in the app or written to logs.
          </li>
          <li>
            Your content: posts, drafts, threads, scheduled times, the images and videos you upload, your
            posting schedule and queues.
          </li>
          <li>
            Results: when a post was published, the link the platform returned, errors it reported, and the
            statistics the platforms provide for your posts.
          </li>
          <li>Notifications shown to you in the app.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          Only to provide the service: to sign you in, to publish your posts at the times you chose, to show
          you their status and statistics, and to send you the e-mails the service needs (confirmation,
          password reset). Postloom does not sell your information, show advertising, or share it with anyone
          except the social platforms you connect, which receive the content you ask Postloom to publish.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          Postloom uses one cookie that keeps you signed in. It is not readable by scripts and is not used for
          tracking.
        </p>
      </section>
      <section>
        <h2>Age</h2>
        <p>You must be at least 13 years old to use Postloom.</p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can see and change your information in the app, disconnect any social account at any time, and
          ask for everything to be deleted. Deletion requests are processed within 30 days; see{' '}
          <Link to="/data-deletion" className="font-medium text-brand-600 underline">
            Data Deletion
          </Link>
          .
        </p>
      </section>
    </LegalLayout>
  );
}
