import { Link } from 'react-router';
import { LegalLayout } from '../components/legal-layout';

/** `/terms`: the terms of service. */
export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" updated="November 2026">
      <p>
        These terms apply when you use a Postloom installation to plan and publish content to your social
        media accounts. By creating an account you accept them.
      </p>
      <section>
        <h2>Your account</h2>
        <ul>
          <li>You must be at least 13 years old.</li>
          <li>Keep your password secret; you are responsible for what is done with your account.</li>
          <li>Give a real e-mail address: it is used to confirm your account and to reset your password.</li>
        </ul>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep all rights to what you write and upload. You allow Postloom to store it and to send it to
          the platforms you choose, at the times you choose, only in order to publish it for you. You are
          responsible for following the rules of each platform you publish to and for having the right to
          publish your content.
        </p>
      </section>
      <section>
        <h2>Connected platforms</h2>
        <p>
          Postloom acts on your behalf with the permissions you grant when you connect an account. Platforms
          can change or withdraw their interfaces; a post can therefore fail or be delayed, and Postloom tells
          you when it does. You can disconnect an account at any time.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          Do not use Postloom to send spam, to publish unlawful content, or to interfere with the service or
          other users. Accounts that do may be suspended.
        </p>
      </section>
      <section>
        <h2>Ending your account</h2>
        <p>
          You can stop using Postloom at any time and ask for your data to be deleted as described on the{' '}
          <Link to="/data-deletion" className="font-medium text-brand-600 underline">
            Data Deletion
          </Link>{' '}
          page. How your information is handled is explained in the{' '}
          <Link to="/privacy" className="font-medium text-brand-600 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </section>
      <section>
        <h2>No warranty</h2>
        <p>
          Postloom is provided as is. The operator of the installation does its best to keep it available and
          your data safe, but cannot guarantee that every post is published at the exact time chosen.
        </p>
      </section>
    </LegalLayout>
  );
}
