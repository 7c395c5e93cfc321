import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CampaignGrid } from '../campaigns/components/campaign-grid';

export function HomePage() {
  useDocumentTitle('');
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main>
        <section className="bg-gradient-to-b from-mint-50 to-white px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Influencer Marketing Made Easy
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content.
          </p>
        </section>
        <section
          id="campaigns"
          aria-labelledby="campaigns-title"
          className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
        >
          <h2 id="campaigns-title" className="mb-6 text-2xl font-bold">
            Campaigns
          </h2>
          <CampaignGrid filters={{}} />
        </section>
      </main>
    </div>
  );
}
