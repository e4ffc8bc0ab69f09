import { useSessionUser } from '../auth/session';

/** The user's cards. Until the cards feature lands, a new account sees its empty state. */
export default function CardsListPage() {
  const user = useSessionUser();
  return (
    <section aria-labelledby="cards-title">
      <h1 id="cards-title" className="text-2xl font-bold">
        My cards
      </h1>
      <div className="mt-6 rounded-2xl border border-dashed border-zinc-300 bg-white p-10 text-center">
        <p className="text-lg font-semibold">You have no cards yet, {user.displayName}.</p>
        <p className="mt-2 text-zinc-700">Your digital business cards will be listed here.</p>
      </div>
    </section>
  );
}
