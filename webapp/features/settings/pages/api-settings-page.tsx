import { useState } from 'react';
import type { CreatedApiToken } from '../../../../shared/api-tokens/api-tokens';
import { SettingsSection } from '../../../components/settings-section';
import { ApiTokensList } from '../components/api-tokens-list';
import { CreateApiTokenForm } from '../components/create-api-token-form';
import { NewApiTokenNotice } from '../components/new-api-token-notice';

/**
 * `/settings/api`: tokens for programs (a CMS, n8n, a script) to use the Postloom API with
 * `Authorization: Bearer pl_…`, each limited to its scopes. A new token is shown once.
 */
export function ApiSettingsPage() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title="API"
        description="Let your own programs schedule posts. Each token only does what its scopes allow."
      >
        {created ? (
          <NewApiTokenNotice token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateApiTokenForm onCreated={setCreated} />
        )}
        <p className="mt-4 text-gray-500 text-sm">
          How to use a token, with examples:{' '}
          <a href="/api/docs" className="font-medium text-brand-700 hover:underline">
            API documentation
          </a>
        </p>
      </SettingsSection>
      <SettingsSection title="Your API tokens" description="Revoking a token stops it at once.">
        <ApiTokensList />
      </SettingsSection>
    </div>
  );
}
