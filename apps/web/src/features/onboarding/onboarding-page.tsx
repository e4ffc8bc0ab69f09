import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useSessionUser } from '../auth/session';

/** Where a first Google sign-in lands: a short welcome that leads to the first card. */
export default function OnboardingPage() {
  const user = useSessionUser();
  return (
    <section aria-labelledby="onboarding-title" className="mx-auto max-w-xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-zinc-200">
      <h1 id="onboarding-title" className="text-2xl font-bold">
        Welcome, {user.displayName}!
      </h1>
      <p className="mt-3 text-zinc-700">
        Your account is ready. Create your digital business card, then share it by link, QR code or NFC.
      </p>
      <ol className="mt-6 list-decimal space-y-2 pl-6 text-zinc-800">
        <li>Create your card with your name, title and contact details.</li>
        <li>Add your photo, links and files.</li>
        <li>Share it — people can save you to their contacts in one tap.</li>
      </ol>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        Continue to my cards
      </Link>
    </section>
  );
}
