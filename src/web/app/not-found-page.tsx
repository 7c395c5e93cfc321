import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found', 'This page does not exist.');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonVariants()}>
        Back to Home
      </Link>
    </main>
  );
}
