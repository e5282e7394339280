import { listPortfolios } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/page-title.ts';
import { useApi } from '../auth/session-context.tsx';

export default function PortfolioListPage() {
  usePageTitle('Home');
  const api = useApi();
  const list = useQuery({ queryKey: ['portfolios'], queryFn: () => api.request(listPortfolios) });
  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-800">Portfolios</h1>
      {list.data && <p>{list.data.number_of_portfolios} portfolios</p>}
    </section>
  );
}
