import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { canUseFeature } from '@cardstack/shared/plans/features';
import { buttonClass, Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { richText } from '../../lib/i18n/rich-text';
import { useSession } from '../../lib/session';
import { useAuthorizeInfo, useDecideAuthorization } from './api/oauth-authorize';
import { integrationsMessages } from './messages';

const passedOn = ['client_id', 'redirect_uri', 'response_type', 'state', 'scope', 'code_challenge', 'code_challenge_method'] as const;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-zinc-50 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">{children}</div>
    </main>
  );
}

/**
 * /oauth: an app (Zapier) asks for access to the account. Signed-out visitors sign in first and come back
 * here with the same query (Google sign-in included). A request the server refuses (unknown app, a return
 * address the app did not register) is shown here and never followed.
 */
export default function OAuthConsentPage() {
  const t = useMessages(integrationsMessages);
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const [formError, setFormError] = useState<string>();
  const query = Object.fromEntries(passedOn.flatMap((name) => (params.get(name) !== null ? [[name, params.get(name)!]] : [])));
  const info = useAuthorizeInfo(location.search, { enabled: Boolean(session.data) });
  const decision = useDecideAuthorization({
    onSuccess: (result) => window.location.assign(result.redirectTo),
    onError: (error) => setFormError(error instanceof ApiError ? error.message : t('somethingWrong')),
  });
  const decide = (isAllowed: boolean) =>
    decision.mutate({
      client_id: query.client_id ?? '',
      redirect_uri: query.redirect_uri ?? '',
      response_type: query.response_type ?? '',
      ...query,
      isAllowed,
    });

  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) return <Navigate to={`/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  if (info.isPending) return <FullScreenSpinner />;
  if (info.isError) {
    return (
      <Frame>
        <h1 className="text-2xl font-bold">{t('cannotContinue')}</h1>
        <p role="alert" className="mt-4 text-sm text-zinc-800">
          {info.error instanceof ApiError ? info.error.message : t('somethingWrong')}
        </p>
        <Link to="/" className={buttonClass('secondary', 'mt-6')}>
          {t('backToCards')}
        </Link>
      </Frame>
    );
  }
  const { clientName, scopes, redirectOrigin } = info.data;
  const isIncluded = canUseFeature(session.data.plan, 'zapier');
  return (
    <Frame>
      <h1 className="text-2xl font-bold">{t('allowTitle', { client: clientName })}</h1>
      <p className="mt-2 text-sm text-zinc-700">
        {richText(t('signedInAs', { email: session.data.email, client: clientName }), { strong: (text) => <strong>{text}</strong> })}
      </p>
      <ul className="mt-3 list-disc ps-6 text-sm">
        {scopes.map((scope) => (
          <li key={scope.scope}>{t(`scope.${scope.scope}`)}</li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-zinc-600">{t('goBackTo', { origin: redirectOrigin })}</p>
      <div className="mt-4">
        <FormAlert message={formError} />
      </div>
      {isIncluded ? (
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" disabled={decision.isPending} onClick={() => decide(false)}>
            {t('deny')}
          </Button>
          <Button isLoading={decision.isPending} onClick={() => decide(true)}>
            {t('allow')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 rounded-lg bg-zinc-50 p-4 text-center">
          <p className="font-semibold">{t('paidTitle')}</p>
          <p className="text-sm text-zinc-700">{t('paidMessage')}</p>
          <div className="mt-3 flex justify-center gap-3">
            <Button variant="secondary" disabled={decision.isPending} onClick={() => decide(false)}>
              {t('deny')}
            </Button>
            <Link to="/subscription" className={buttonClass('primary')}>
              {t('upgrade')}
            </Link>
          </div>
        </div>
      )}
    </Frame>
  );
}
