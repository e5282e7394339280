import { getPortfolio } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useApi } from '../auth/session-context.tsx';

export default function PortfolioDetailPage() {
  const { portfolioId = '' } = useParams();
  const api = useApi();
  const detail = useQuery({
    queryKey: ['portfolios', portfolioId],
    queryFn: () => api.request(getPortfolio, { params: { id: portfolioId } }),
  });
  usePageTitle(detail.data?.client_name ?? 'Portfolio');
  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-800">{detail.data?.client_name}</h1>
    </section>
  );
}
