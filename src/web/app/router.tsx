import { createBrowserRouter } from 'react-router';
import { CampaignPage } from '../features/campaigns/campaign-page';
import { HomePage } from '../features/landing/home-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/campaign/:id', element: <CampaignPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
