// Back from the hosted checkout (spec section 2 'Personal pages'): the result for the query's result
// and mode, and 'Back to profile'.
import { useNavigate, useSearchParams } from 'react-router';
import { personalResultText } from '@/domain/personal-billing';
import { pathTo } from '@/routes/route-table';
import { PersonalResultView } from '@/ui/personal/PersonalResultView';

export function ResultPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { text, ok } = personalResultText(search.get('result'), search.get('mode'));
  return (
    <PersonalResultView
      text={text}
      ok={ok}
      profileHref={pathTo('profile')}
      onNavigate={(href) => navigate(href)}
    />
  );
}
